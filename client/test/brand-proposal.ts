import type { BrandProposal } from '#common/schemas/brand-reader.ts';

/** POST /api/projects/{id}/brand-kit/read as the worker answers it (common/schemas/brand-reader.ts): a bit of everything. */
export function brandProposal(overrides: Partial<BrandProposal> = {}): BrandProposal {
  return {
    url: 'https://www.acmesurf.example/',
    name: 'Acme Surf School',
    tone: 'Surf lessons for every level on the Basque coast.',
    logo: { mediaId: 'media_logo_bbbbbbbb', url: '/api/media/media_logo_bbbbbbbb/thumbnail', source: 'apple-touch-icon' },
    colors: [
      { hex: '#0f766e', source: 'theme-color', contrast: { onWhite: 5.47, onBlack: 3.84 } },
      { hex: '#fbbf24', source: 'css-variable', contrast: { onWhite: 1.67, onBlack: 12.55 } },
      { hex: '#1e3a8a', source: 'stylesheet', contrast: { onWhite: 10.36, onBlack: 2.03 } },
    ],
    fonts: {
      heading: { family: 'Playfair Display', fontId: 'playfair-display', source: 'google-fonts' },
      body: { family: 'Helvetica Neue', fontId: null, source: 'css' },
    },
    warnings: [],
    ...overrides,
  };
}

/** A site with nothing to read. */
export const EMPTY_PROPOSAL: BrandProposal = {
  url: 'https://blank.example/',
  name: null,
  tone: null,
  logo: null,
  colors: [],
  fonts: { heading: null, body: null },
  warnings: [],
};
