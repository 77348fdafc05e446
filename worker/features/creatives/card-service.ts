import { CREATIVE_VERSION, type CreativeDocument } from '#common/creative/document.ts';
import type { FontId } from '#common/fonts.ts';
import type { Bindings } from '#worker/env.ts';
import { BUSY_RETRY_AFTER_S, drawPng, logRenderFailure, RENDERER_BUSY_DETAILS, RenderBusy } from '#worker/features/creatives/images.ts';
import { AppError } from '#worker/lib/errors.ts';

/**
 * A link card (Open Graph image, 1200×628) drawn by the creatives' renderer: a kicker line,
 * a large title and a footer line on a gradient of the brand colour. Used by presentations
 * (issue 13) for the picture a pasted link unfurls as.
 */
export interface CardInput {
  kicker: string;
  title: string;
  footer: string;
  /** Background gradient, #rrggbb. */
  from: string;
  to: string;
  /** Text colour, #rrggbb. */
  color: string;
  headingFont: FontId;
  bodyFont: FontId;
}

export function cardDocument(input: CardInput): CreativeDocument {
  const text = (id: string, value: string, y: number, h: number, size: number, weight: 400 | 700, font: FontId, uppercase = false) => ({
    id,
    type: 'text' as const,
    x: 7,
    y,
    w: 86,
    h,
    text: Array.from(value).slice(0, 200).join(''),
    font,
    weight,
    size,
    color: input.color,
    align: 'left' as const,
    vAlign: 'top' as const,
    lineHeight: 1.15,
    uppercase,
  });
  return {
    version: CREATIVE_VERSION,
    format: 'landscape',
    template: 'link-card',
    background: { type: 'gradient', from: input.from, to: input.to, angle: 135 },
    layers: [
      text('kicker', input.kicker, 12, 10, 4.2, 700, input.bodyFont, true),
      text('title', input.title, 27, 46, 10, 700, input.headingFont),
      text('footer', input.footer, 80, 10, 4, 400, input.bodyFont),
    ],
  };
}

/** The card as PNG bytes; a renderer that stayed busy is a 429 with Retry-After (nothing of ours failed). */
export async function renderCard(env: Pick<Bindings, 'ASSETS' | 'RENDERER'>, input: CardInput): Promise<Uint8Array> {
  try {
    const { png } = await drawPng(env, { doc: cardDocument(input), images: {} });
    return png;
  } catch (error) {
    if (!(error instanceof RenderBusy)) throw error;
    logRenderFailure('card_render_failed', error);
    throw new AppError('rate_limited', 'The link picture cannot be drawn right now. Try again in a few seconds.', RENDERER_BUSY_DETAILS, {
      'Retry-After': String(BUSY_RETRY_AFTER_S),
    });
  }
}
