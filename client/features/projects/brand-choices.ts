import type { FontId } from '#common/fonts.ts';
import type { BrandProposal, ColorProposal } from '#common/schemas/brand-reader.ts';
import type { I18n } from '@lingui/core';
import type { BrandKit, ProjectUpdateInput } from '#common/schemas/projects.ts';

export type FontRole = 'heading' | 'body';

/** What the user keeps of a proposal, each part on its own; name and tone as edited. */
export interface BrandChoices {
  logo: boolean;
  /** The kept colours (hex); saved in the proposal's order. */
  colors: string[];
  fonts: Record<FontRole, { keep: boolean; fontId: FontId }>;
  name: { keep: boolean; value: string };
  tone: { keep: boolean; value: string };
}

const KIT_FONT: Record<FontRole, 'headingFont' | 'bodyFont'> = { heading: 'headingFont', body: 'bodyFont' };

/**
 * Everything found is offered as kept, except a font no bundled one matches (the user picks
 * one first) and the name: the user has just named the project, and the site's name (a
 * title, often with a tagline) replaces it only when they say so.
 */
export function initialChoices(proposal: BrandProposal, base: BrandKit): BrandChoices {
  const font = (role: FontRole) => {
    const found = proposal.fonts[role];
    return { keep: found?.fontId != null, fontId: found?.fontId ?? base[KIT_FONT[role]] };
  };
  return {
    logo: proposal.logo !== null,
    colors: proposal.colors.map((c) => c.hex),
    fonts: { heading: font('heading'), body: font('body') },
    name: { keep: false, value: proposal.name ?? '' },
    tone: { keep: proposal.tone !== null, value: proposal.tone ?? '' },
  };
}

/**
 * What "Save brand kit" sends: the kit with each kept part in place of the current one and
 * the rest as it is (kept colours replace the kit's colours), and the name when kept. Null
 * when nothing is kept: there is nothing to save.
 */
export function keptUpdate(base: BrandKit, proposal: BrandProposal, choices: BrandChoices): ProjectUpdateInput | null {
  const logo = choices.logo && proposal.logo !== null;
  const colors = proposal.colors.map((c) => c.hex).filter((hex) => choices.colors.includes(hex));
  const heading = choices.fonts.heading.keep && proposal.fonts.heading !== null;
  const body = choices.fonts.body.keep && proposal.fonts.body !== null;
  const tone = choices.tone.keep && proposal.tone !== null;
  const name = choices.name.keep && proposal.name !== null;
  if (!logo && colors.length === 0 && !heading && !body && !tone && !name) return null;
  const brandKit: BrandKit = {
    logoMediaId: logo ? proposal.logo!.mediaId : base.logoMediaId,
    colors: colors.length > 0 ? colors : base.colors,
    headingFont: heading ? choices.fonts.heading.fontId : base.headingFont,
    bodyFont: body ? choices.fonts.body.fontId : base.bodyFont,
    tone: tone ? choices.tone.value : base.tone,
  };
  return { brandKit, ...(name ? { name: choices.name.value } : {}) };
}

/** AA asks 4.5:1 for text, 3:1 for large text (WCAG 1.4.3). */
export function contrastNote(t: I18n['_'], { onWhite, onBlack }: ColorProposal['contrast']): string {
  // Two decimals as measured: rounded to one, 4.49 would read as the 4.5 it falls short of.
  const ratio = Number(onWhite.toFixed(2));
  const white = t(onWhite >= 4.5 ? 'projects.contrast.aa' : onWhite >= 3 ? 'projects.contrast.aaLarge' : 'projects.contrast.low', { ratio });
  // A light colour is no text colour on white, but may be a background behind dark text.
  return onWhite < 4.5 && onBlack >= 4.5 ? t('projects.contrast.onBlack', { white }) : white;
}

/** "https://www.acmesurf.example/en" → "acmesurf.example": how the review names the site. */
export function siteName(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** True when the read found nothing to offer. */
export function isEmptyProposal(proposal: BrandProposal): boolean {
  return (
    proposal.logo === null &&
    proposal.colors.length === 0 &&
    proposal.fonts.heading === null &&
    proposal.fonts.body === null &&
    proposal.name === null &&
    proposal.tone === null
  );
}
