import { CREDIT_COSTS, type PlanId } from '#common/plans.ts';
import type { CopyInput } from '#common/schemas/ai.ts';
import { clip } from '#common/schemas/fields.ts';
import type { Db } from '#worker/db/client.ts';
import { type CreditSummary, getCreditSummary, ledgerNote, refund, spend } from '#worker/features/credits/service.ts';
import type { BrandKit } from '#common/schemas/projects.ts';

/**
 * Headline ideas for an ad (PRODUCT.md §4.3: "an AI text model is used for copy when
 * one is configured"). The interface is one function; today it is the built-in
 * rule-based generator, which needs no network and no key.
 */
export interface CopyRequest {
  topic: string;
  audience?: string | undefined;
  tone?: BrandKit['tone'] | undefined;
  count: number;
}

const OPENERS = ['Meet', 'Discover', 'Say hello to', 'Your new favourite:', 'Introducing', 'Made for you:'];
const PROMISES = ['that just works', 'you will love', 'without the hassle', 'done right', 'for every day', 'worth the trip'];
const CALLS = ['Try it today.', 'See what is new.', 'Find yours.', 'Start now.', 'Get it while it lasts.', 'Come and see.'];

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Deterministic for the same input, so that retries suggest the same lines. */
/**
 * Headline ideas for 1 credit (PRODUCT.md §6). The spend is keyed by `requestKey` (the
 * Idempotency-Key header: a retried request is charged once) and refunded if no suggestion
 * could be made.
 */
export async function copySuggestions(
  db: Db,
  user: { id: string; plan: PlanId },
  input: CopyInput,
  requestKey: string,
): Promise<{ items: string[]; nextCursor: null; credits: CreditSummary }> {
  const operationKey = `ai_copy:${user.id}:${requestKey}`;
  await spend(db, { userId: user.id, amount: CREDIT_COSTS.aiCopySuggestion, operationKey, description: ledgerNote({ code: 'aiCopy' }) });
  let items: string[];
  try {
    items = ruleBasedCopy({ topic: input.topic, audience: input.audience, tone: input.tone, count: input.count ?? 5 });
    if (items.length === 0) throw new Error('no suggestions');
  } catch (error) {
    await refund(db, operationKey, ledgerNote({ code: 'aiCopyFailed' }));
    throw error;
  }
  return { items, nextCursor: null, credits: await getCreditSummary(db, user.id, user.plan) };
}

export function ruleBasedCopy({ topic, audience, tone, count }: CopyRequest): string[] {
  const subject = topic.trim().replace(/\s+/g, ' ');
  let seed = [...subject].reduce((n, ch) => (n * 31 + ch.charCodeAt(0)) >>> 0, 7);
  const pick = <T>(list: readonly T[]): T => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return list[seed % list.length]!;
  };
  const warm = tone ? /warm|friendly|playful|fun/i.test(tone) : false;
  const lines = new Set<string>();
  for (let i = 0; lines.size < count && i < count * 6; i += 1) {
    const form = i % 3;
    if (form === 0) lines.add(`${pick(OPENERS)} ${subject}${audience ? ` for ${audience}` : ''}`);
    else if (form === 1) lines.add(`${capitalise(subject)} ${pick(PROMISES)}${warm ? '!' : '.'}`);
    else lines.add(`${capitalise(subject)}. ${pick(CALLS)}`);
  }
  return [...lines].slice(0, count).map((line) => clipLine(line));
}

function clipLine(line: string): string {
  return line.length > 90 ? clip(line, 88, '…') : line;
}
