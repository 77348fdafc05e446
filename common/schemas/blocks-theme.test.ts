import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FONT_IDS } from '#common/fonts.ts';
import { DEFAULT_THEME, contrastRatio, funnelThemeSchema, themeFromBrandKit } from '#common/schemas/blocks-theme.ts';
import { DEFAULT_BRAND_KIT } from '#common/schemas/projects.ts';

const hex = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`);

describe('funnel theme', () => {
  it.each(['#fff', 'red', '#12345g', '#1234567', 'javascript:alert(1)', '#ffffff;color:red', ''])('refuses the colour %j', (bad) => {
    expect(funnelThemeSchema.safeParse({ ...DEFAULT_THEME, colors: { ...DEFAULT_THEME.colors, primary: bad } }).success).toBe(false);
  });

  it('any valid theme parses back equal', () => {
    fc.assert(
      fc.property(
        fc.record({
          colors: fc.record({ primary: hex, background: hex, surface: hex, text: hex, muted: hex }),
          fonts: fc.record({ heading: fc.constantFrom(...FONT_IDS), body: fc.constantFrom(...FONT_IDS) }),
          radius: fc.constantFrom('none', 'small', 'medium', 'large'),
        }),
        (theme) => {
          expect(funnelThemeSchema.parse(theme)).toEqual(theme);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('lower-cases colours and refuses unknown fonts and radii', () => {
    expect(funnelThemeSchema.parse({ ...DEFAULT_THEME, colors: { ...DEFAULT_THEME.colors, primary: '#AABBCC' } }).colors.primary).toBe('#aabbcc');
    expect(funnelThemeSchema.safeParse({ ...DEFAULT_THEME, fonts: { heading: 'comic-sans', body: 'inter' } }).success).toBe(false);
    expect(funnelThemeSchema.safeParse({ ...DEFAULT_THEME, radius: 'huge' }).success).toBe(false);
  });

  it('the default theme reads at WCAG AA', () => {
    const { primary, background, surface, text, muted } = DEFAULT_THEME.colors;
    for (const bg of [background, surface]) {
      expect(contrastRatio(text, bg)).toBeGreaterThanOrEqual(7);
      expect(contrastRatio(muted, bg)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(primary, bg)).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrastRatio(primary, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('from a brand kit: its fonts, its first colour that carries white text', () => {
    expect(themeFromBrandKit(DEFAULT_BRAND_KIT)).toEqual(DEFAULT_THEME);
    const theme = themeFromBrandKit({ ...DEFAULT_BRAND_KIT, colors: ['#FFE066', '#0B3D91', '#e63946'], headingFont: 'playfair-display', bodyFont: 'lora' });
    expect(theme.colors.primary).toBe('#0b3d91');
    expect(theme.fonts).toEqual({ heading: 'playfair-display', body: 'lora' });
    expect(funnelThemeSchema.parse(theme)).toEqual(theme);
    // Only light colours: the first one (text on it turns dark in the renderer).
    expect(themeFromBrandKit({ ...DEFAULT_BRAND_KIT, colors: ['#ffe066', '#f1faee'] }).colors.primary).toBe('#ffe066');
  });

  it('contrast ratios match WCAG', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });
});
