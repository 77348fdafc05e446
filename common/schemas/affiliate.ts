import * as z from 'zod/mini';
import { text } from '#common/schemas/fields.ts';

/** An admin's decision on a payout request (approve or reject), with an optional note. */
export const payoutDecisionInput = z.object({ note: z.optional(text().check(z.trim(), z.maxLength(500, 'Keep the note under 500 characters.'))) });
