import { describe, expect, it } from 'vitest';
import type { BrandKit } from '#common/schemas/projects.ts';
import { contrastNote as noteOf, initialChoices, keptUpdate, siteName } from '#client/features/projects/brand-choices.ts';
import { brandProposal } from '#client/test/brand-proposal.ts';
import { testFallbackI18n } from '#client/lib/i18n-context.tsx';

const BASE: BrandKit = { logoMediaId: 'media_old_aaaaaaaaa', colors: ['#112233'], headingFont: 'lato', bodyFont: 'roboto', tone: 'Calm' };

describe('the brand review’s choices', () => {
  it('notes the contrast on white at WCAG’s thresholds (4.5:1 text, 3:1 large text)', () => {
    const t = testFallbackI18n()!._.bind(testFallbackI18n());
    const contrastNote = (contrast: { onWhite: number; onBlack: number }) => noteOf(t, contrast);
    expect(contrastNote({ onWhite: 4.5, onBlack: 4.67 })).toBe('AA on white (4.5:1)');
    expect(contrastNote({ onWhite: 4.49, onBlack: 4.68 })).toBe('AA for large text on white (4.49:1), AA on black');
    expect(contrastNote({ onWhite: 3, onBlack: 7 })).toBe('AA for large text on white (3:1), AA on black');
    expect(contrastNote({ onWhite: 2.99, onBlack: 4.4 })).toBe('low contrast on white (2.99:1)');
  });

  it('keeps the kit’s own parts where nothing is kept, and replaces those that are', () => {
    const proposal = brandProposal();
    const choices = initialChoices(proposal, BASE);
    // The body family is not bundled: until a font is picked it is not used, and the kit's stays.
    expect(choices.fonts.body).toEqual({ keep: false, fontId: 'roboto' });
    expect(keptUpdate(BASE, proposal, { ...choices, logo: false, colors: [], tone: { keep: false, value: 'x' } })).toEqual({
      brandKit: { ...BASE, headingFont: 'playfair-display' },
    });
    expect(keptUpdate(BASE, proposal, { ...choices, colors: ['#1e3a8a', '#0f766e'] })?.brandKit?.colors).toEqual(['#0f766e', '#1e3a8a']);
  });

  it('names the site by its host', () => {
    expect(siteName('https://www.acmesurf.example/en/')).toBe('acmesurf.example');
    expect(siteName('acmesurf.example')).toBe('acmesurf.example');
  });
});
