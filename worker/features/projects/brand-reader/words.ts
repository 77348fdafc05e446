import { clip } from '#common/schemas/fields.ts';

/** The brand kit's words from a page: the site's name and a tone-of-voice draft. */

const NAME_LENGTH = 80;
export const TONE_LENGTH = 500;

/** What separates a title's name from its tagline: "Acme — Surf boards", "Surf boards | Acme". */
const TAGLINE_SEPARATOR = /\s+[—–|·•:-]\s+|\s*[|·•]\s*/;

/**
 * The site's name: og:site_name, else the part of the title that matches the host
 * ("Surf boards | Acme" on acme.example → "Acme"), else the title's first part.
 */
export function siteName(siteNameMeta: string | null, title: string | null, host: string): string | null {
  const cut = (text: string) => clip(text, NAME_LENGTH) || null;
  if (siteNameMeta) return cut(siteNameMeta);
  if (!title) return null;
  const parts = title
    .split(TAGLINE_SEPARATOR)
    .map((part) => part.trim())
    .filter(Boolean);
  const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');
  const hostWords = host
    .replace(/^www\./, '')
    .split('.')
    .slice(0, -1)
    .map(squash)
    .filter(Boolean);
  const matching = parts.find((part) => hostWords.some((word) => word.length > 1 && (squash(part).includes(word) || word.includes(squash(part)))));
  return cut(matching ?? parts[0] ?? title);
}

/** Words in a description that say something about its voice, and the adjective each suggests. */
const TONE_WORDS: [RegExp, string][] = [
  [/\b(friendly|welcom\w*|warm)\b/i, 'friendly'],
  [/\b(fun|playful|joy\w*)\b/i, 'playful'],
  [/\b(premium|luxur\w*|exclusive|finest)\b/i, 'premium'],
  [/\b(expert\w*|professional\w*|certified|trusted)\b/i, 'expert'],
  [/\b(simple|easy|effortless)\b/i, 'simple'],
  [/\b(sustainab\w*|eco|organic|green)\b/i, 'responsible'],
  [/\b(local|family|neighbourhood|neighborhood|community)\b/i, 'local and personal'],
  [/\b(innovat\w*|modern|cutting-edge|smart)\b/i, 'modern'],
  [/\b(handmade|craft\w*|artisan\w*)\b/i, 'crafted'],
];

/**
 * A tone-of-voice draft from the meta description: the adjectives its own words suggest (none
 * when it has no telling words: nothing is made up), then the description quoted, as the user
 * should read and rewrite it. At most TONE_LENGTH characters.
 */
export function toneDraft(description: string | null): string | null {
  if (!description) return null;
  const adjectives = TONE_WORDS.filter(([pattern]) => pattern.test(description)).map(([, word]) => word);
  const lead = adjectives.length ? `${adjectives.join(', ').replace(/^./, (c) => c.toUpperCase())}. ` : '';
  const frame = (quote: string) => `${lead}In the site’s own words: “${quote}”`;
  const room = TONE_LENGTH - frame('').length;
  return frame(clip(description, room, '…'));
}
