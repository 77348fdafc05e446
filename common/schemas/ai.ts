import * as z from 'zod/mini';
import { text } from '#common/schemas/fields.ts';

/** POST /api/ai/copy-suggestions: what the ad is about, for whom, in which tone. */
export const copyInput = z.object({
  topic: text('Say what the ad is about.').check(z.trim(), z.minLength(2, 'Say what the ad is about.'), z.maxLength(200, 'Keep it under 200 characters.')),
  audience: z.optional(text().check(z.trim(), z.maxLength(100))),
  tone: z.optional(text().check(z.trim(), z.maxLength(200))),
  count: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(10))),
});
export type CopyInput = z.output<typeof copyInput>;
