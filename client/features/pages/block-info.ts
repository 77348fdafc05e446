import type { BlockType } from '#common/schemas/blocks.ts';

/** What the picker says about each block type. */
export const BLOCK_INFO: Record<BlockType, { label: string; description: string }> = {
  hero: { label: 'Hero', description: 'The headline at the top: a promise, a button, an optional picture.' },
  text: { label: 'Text', description: 'Paragraphs, lists and subheadings, with bold, italic and links.' },
  image: { label: 'Image', description: 'One picture from the library with a caption.' },
  video: { label: 'Video', description: 'A video of the library, or a YouTube or Vimeo link that loads on click.' },
  features: { label: 'Features', description: 'Two to four columns of benefits with icons.' },
  testimonials: { label: 'Testimonials', description: 'Quotes from customers with names and ratings.' },
  pricing: { label: 'Pricing', description: 'Plans side by side, one highlighted.' },
  faq: { label: 'FAQ', description: 'Questions that open to their answers.' },
  countdown: { label: 'Countdown', description: 'Days, hours and minutes left until an offer ends.' },
  form: { label: 'Form', description: 'Collects leads: name, email, phone, choices and consent.' },
  cta: { label: 'Call to action', description: 'A short push with one or two buttons.' },
  footer: { label: 'Footer', description: 'A closing line and links such as imprint and privacy.' },
};

/** The words that name a block in the list (its heading or title, else its type). */
export function blockSummary(type: BlockType, props: Record<string, unknown>): string {
  for (const key of ['heading', 'title', 'caption', 'text'] as const) {
    const value = props[key];
    if (typeof value === 'string' && value.trim()) return value.trim().slice(0, 60);
  }
  if (type === 'text' && typeof props.markdown === 'string')
    return props.markdown
      .replace(/[#*_[\]()]/g, '')
      .trim()
      .slice(0, 60);
  return '';
}
