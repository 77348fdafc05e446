import { describe, expect, it } from 'vitest';
import { creativeDocument } from '#common/creative/document.ts';
import { buildTemplate } from '#common/creative/templates.ts';
import { BRAND_KIT, FIRST_CREATIVE } from '#client/features/creatives/playground-first-creative.ts';

describe("the playground's first creative", () => {
  it('is the Photo with overlay template in the playground’s brand, square, its copy fitted as the template fits it', () => {
    // A change to the template (or to its copy's fitting) shows here: write the new document into first-creative.ts.
    expect(FIRST_CREATIVE).toEqual(buildTemplate('photo-overlay', { brand: BRAND_KIT, format: 'square', imageMediaId: null }));
  });

  it('is a valid document', () => {
    expect(creativeDocument.safeParse(FIRST_CREATIVE).success).toBe(true);
  });
});
