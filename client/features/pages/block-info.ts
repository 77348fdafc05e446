import type { MessageIds } from '#common/i18n/register.ts';
import type { BlockType } from '#common/schemas/blocks.ts';

/** What the picker says about each block type (message ids: `t(BLOCK_INFO[type].label)`). */
export const BLOCK_INFO = {
  hero: { label: 'funnels.block.hero', description: 'funnels.block.hero.description' },
  text: { label: 'funnels.block.text', description: 'funnels.block.text.description' },
  image: { label: 'funnels.block.image', description: 'funnels.block.image.description' },
  video: { label: 'funnels.block.video', description: 'funnels.block.video.description' },
  features: { label: 'funnels.block.features', description: 'funnels.block.features.description' },
  testimonials: { label: 'funnels.block.testimonials', description: 'funnels.block.testimonials.description' },
  pricing: { label: 'funnels.block.pricing', description: 'funnels.block.pricing.description' },
  faq: { label: 'funnels.block.faq', description: 'funnels.block.faq.description' },
  countdown: { label: 'funnels.block.countdown', description: 'funnels.block.countdown.description' },
  form: { label: 'funnels.block.form', description: 'funnels.block.form.description' },
  cta: { label: 'funnels.block.cta', description: 'funnels.block.cta.description' },
  footer: { label: 'funnels.block.footer', description: 'funnels.block.footer.description' },
} as const satisfies Record<BlockType, { label: MessageIds; description: MessageIds }>;

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
