import type { I18n } from '@lingui/core';
import * as z from 'zod/mini';
import { AD_LIMITS, REVIEW_DECISIONS } from '#common/ads.ts';
import { text } from '#common/schemas/fields.ts';

/**
 * The review form of the preview page as it is posted, with its messages in the page's
 * language (`i18n`: the project's, issue 28 §2): a customer reads why a review was refused in
 * the language the page speaks, not the visitor's or the team's. The same rules as the
 * workspace's review (common/schemas/ads.ts); the visitor also gives a name and maybe an email.
 */
export function reviewFormFor(i18n: Pick<I18n, '_'>) {
  const t: I18n['_'] = i18n._.bind(i18n);
  const max = (limit: number) => t('preview.error.max', { max: limit });
  return z
    .object({
      decision: z.enum(REVIEW_DECISIONS, t('preview.error.decision')),
      name: z.optional(
        text(t('preview.error.name')).check(
          z.trim(),
          z.minLength(1, t('preview.error.name')),
          z.maxLength(AD_LIMITS.reviewerName, max(AD_LIMITS.reviewerName)),
        ),
      ),
      // Optional: left empty, or a valid address.
      email: z.optional(
        text(t('preview.error.email')).check(
          z.trim(),
          z.toLowerCase(),
          z.maxLength(254, t('preview.error.emailLong')),
          z.refine((v) => v === '' || z.regexes.email.test(v), t('preview.error.email')),
        ),
      ),
      comment: z.optional(text().check(z.trim(), z.maxLength(AD_LIMITS.comment, max(AD_LIMITS.comment)))),
      revision: z.optional(text().check(z.regex(/^\d{1,9}$/))),
      website: z.optional(text().check(z.maxLength(200))),
    })
    .check(
      z.refine((v) => v.decision === 'approve' || (v.comment ?? '').length > 0, {
        message: t('preview.error.whatToChange'),
        path: ['comment'],
      }),
    );
}
