import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { buildTemplate, TEMPLATES } from '#common/creative/templates.ts';
import { renderPng } from '#worker/features/creatives/render.ts';

describe('spike', () => {
  it('renders every template', async () => {
    for (const t of TEMPLATES) {
      const doc = buildTemplate(t.id, { brand: { colors: ['#6b4226', '#f2c14e'], headingFont: 'poppins', bodyFont: 'inter', logoMediaId: null }, format: 'square' });
      const t0 = Date.now();
      const out = await renderPng(env.ASSETS, { doc, images: {} });
      console.log(t.id, out.width, out.height, out.png.length, Date.now() - t0);
      expect(out.width).toBe(1080);
    }
  });
});
