import type { I18n } from '@lingui/core';
import type { AdStatus, MockupAd, Placement, ReviewDecision } from '#common/ads.ts';
import { INTL_LOCALES, type Locale } from '#common/i18n/locales.ts';
import type { MessageIds } from '#common/i18n/register.ts';
import type { ProjectRole } from '#common/schemas/projects.ts';
import { buttonClass } from '#client/components/button.tsx';
import { Logo } from '#client/components/logo.tsx';
import { useI18n, useT } from '#client/lib/i18n-context.tsx';
import { MOCKUPS } from '#client/public/pages/ad-mockups.tsx';
import { PreviewPins } from '#client/public/pages/ad-pins.tsx';
import type { AdPin } from '#common/schemas/ad-pins.ts';

/** A review as the public page shows it: never the reviewer's email. */
export interface PublicReview {
  id: string;
  reviewerName: string;
  member: boolean;
  decision: ReviewDecision;
  comment: string;
  revision: number;
  createdAt: string;
}

export interface PreviewFormState {
  values?: { name?: string; email?: string; comment?: string };
  errors?: Record<string, string>;
  formError?: string;
  /** The review just recorded (after the redirect). */
  sent?: ReviewDecision;
  /** Why the last pin, reply, resolve or reopen was refused. */
  pinError?: string;
}

export interface AdPreviewProps {
  previewId: string;
  name: string;
  projectName: string;
  status: AdStatus;
  revision: number;
  placements: Placement[];
  ad: MockupAd;
  reviews: PublicReview[];
  form: PreviewFormState;
  /** A signed-in member of the ad's project reviews as themselves (null: a visitor, who gives a name). */
  member: { name: string; role: ProjectRole } | null;
  /** The visitor's name and address remembered on this device (empty: not yet given): every form is filled in with them. */
  reviewer?: { name: string; email: string };
  /** The decisions the reviewer may give (a project's viewer only comments). */
  decisions: readonly ReviewDecision[];
  /** The comments pinned on the pictures and the caption (decision 0052). */
  pins?: AdPin[];
  /** The response's CSP nonce: the pins' script runs under it. */
  nonce?: string;
}

export const DECISION_STYLE: Record<ReviewDecision, string> = {
  approve: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  request_changes: 'bg-orange-50 text-orange-800 ring-orange-200',
  comment: 'bg-zinc-100 text-zinc-700 ring-zinc-200',
};

const STATUS_STYLE: Partial<Record<AdStatus, string>> = {
  approved: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  changes_requested: 'bg-orange-50 text-orange-800 ring-orange-200',
  in_review: 'bg-amber-50 text-amber-800 ring-amber-200',
  published: 'bg-accent-50 text-accent-800 ring-accent-200',
  scheduled: 'bg-sky-50 text-sky-800 ring-sky-200',
};

/** Dates as the same text for every visitor (the page, rendered without JavaScript, does not know their time zone), in the page's language. */
export function when(i18n: I18n, iso: string): string {
  const date = new Date(iso).toLocaleString(INTL_LOCALES[i18n.locale as Locale], { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
  return i18n._('preview.reviews.date', { date });
}

export const field =
  'mt-1 block w-full rounded-[var(--radius-control)] border border-zinc-300 bg-white px-3 py-2 text-base text-zinc-900 shadow-sm focus:border-accent-600 focus:outline-2 focus:outline-accent-600 sm:text-sm aria-[invalid=true]:border-red-500';

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

/** A field people never see: bots that fill every input give themselves away (the service stores nothing of theirs). */
export function Honeypot() {
  const t = useT();
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        {t('preview.form.honeypot')}
        <input name="website" tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  );
}

const DECISION_BUTTONS: Record<ReviewDecision, { label: MessageIds; variant: 'primary' | 'secondary' | 'ghost' }> = {
  approve: { label: 'preview.form.approve', variant: 'primary' },
  request_changes: { label: 'preview.form.requestChanges', variant: 'secondary' },
  comment: { label: 'preview.form.commentOnly', variant: 'ghost' },
};

type ReviewFormProps = Pick<AdPreviewProps, 'previewId' | 'revision' | 'form' | 'member' | 'decisions' | 'reviewer'>;

function ReviewForm({ previewId, revision, form, member, decisions, reviewer }: ReviewFormProps) {
  const t = useT();
  const commentOnly = decisions.length === 1 && decisions[0] === 'comment';
  const errors = form.errors ?? {};
  const values = form.values ?? {};
  // The first refused field takes the focus (autofocus works without JavaScript); its error is right below it.
  const first = ['name', 'email', 'comment'].find((name) => errors[name]);
  const invalid = (name: string) =>
    errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${name}-error`, ...(name === first ? { autoFocus: true } : {}) } : {};
  return (
    // The address's anchor stays with the answer: a refused review (422) shows at the form, not at the top of a long page.
    <form method="post" action={`/preview/${previewId}/reviews#review`} className="space-y-4" noValidate>
      {form.formError ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200 ring-inset">
          {form.formError}
        </p>
      ) : null}
      <input type="hidden" name="revision" value={String(revision)} />
      {member ? (
        <p className="text-sm text-zinc-700">
          {t('preview.form.reviewAs')} <strong className="font-semibold break-words text-zinc-900">{member.name}</strong>,{' '}
          {t('preview.form.roleOf', { role: member.role })}
          {commentOnly && member.role === 'viewer' ? ` ${t('preview.form.viewerNote')}` : null}
        </p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <label className="block text-sm font-medium text-zinc-800">
            {t('preview.form.name')}
            <input
              name="name"
              required
              maxLength={80}
              autoComplete="name"
              defaultValue={values.name ?? reviewer?.name ?? ''}
              className={field}
              {...invalid('name')}
            />
            <FieldError id="name-error" message={errors.name} />
          </label>
          <label className="block text-sm font-medium text-zinc-800">
            {t('preview.form.email')} <span className="font-normal text-zinc-500">{t('preview.form.emailHint')}</span>
            <input
              name="email"
              type="email"
              maxLength={254}
              autoComplete="email"
              defaultValue={values.email ?? reviewer?.email ?? ''}
              className={field}
              {...invalid('email')}
            />
            <FieldError id="email-error" message={errors.email} />
          </label>
        </div>
      )}
      <label className="block text-sm font-medium text-zinc-800">
        {t('preview.form.comment')} {commentOnly ? null : <span className="font-normal text-zinc-500">{t('preview.form.commentHint')}</span>}
        <textarea name="comment" rows={4} maxLength={2000} defaultValue={values.comment ?? ''} className={field} {...invalid('comment')} />
        <FieldError id="comment-error" message={errors.comment} />
      </label>
      <Honeypot />
      <FieldError id="decision-error" message={errors.decision} />
      <div className="flex flex-col gap-2 sm:flex-row">
        {decisions.map((decision) => (
          <button
            key={decision}
            type="submit"
            name="decision"
            value={decision}
            className={buttonClass(commentOnly ? 'primary' : DECISION_BUTTONS[decision].variant, 'lg', 'sm:flex-1')}
          >
            {t(commentOnly ? 'preview.form.commentButton' : DECISION_BUTTONS[decision].label)}
          </button>
        ))}
      </div>
    </form>
  );
}

/** The header of the customer's review pages (the preview, the review board): the logo and what the page is. */
export function ReviewHeader({ label, width }: { label: string; width: string }) {
  return (
    <header className="border-b border-zinc-200 bg-white">
      <div className={`mx-auto flex h-14 ${width} items-center justify-between gap-3 px-4 sm:px-6`}>
        <Logo className="text-base text-zinc-900" />
        <p className="text-sm text-zinc-500">{label}</p>
      </div>
    </header>
  );
}

/** The footer of the customer's review pages: who shared them, and that mock-ups are approximations. */
export function ReviewFooter() {
  const t = useT();
  return (
    <footer className="border-t border-zinc-200 px-4 py-6 text-center text-xs text-zinc-500">
      {t('preview.page.sharedWith')} {}
      <a href="/">Adloom</a> · {t('preview.page.approximations')}
    </footer>
  );
}

/**
 * `/preview/{id}`: the ad in mock-ups of each chosen placement, the review thread and the
 * review form — complete HTML without JavaScript (the carousel pages by CSS scroll snap,
 * the caption's "… more" is a <details>, the safe zones a checkbox, the form a plain post).
 */
export function AdPreviewPage({
  previewId,
  name,
  projectName,
  status,
  revision,
  placements,
  ad,
  reviews,
  form,
  member,
  reviewer,
  decisions,
  pins = [],
  nonce,
}: AdPreviewProps) {
  const t = useT();
  const i18n = useI18n();
  const vertical = placements.some((p) => p === 'instagram_story' || p === 'instagram_reels');
  return (
    <div className="min-h-screen bg-zinc-50 [&:has(#safe-zones:checked)_.safe-zone]:block">
      <ReviewHeader label={t('preview.page.label')} width="max-w-6xl" />
      <main id="main" className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-sm text-zinc-500">{projectName}</p>
            <h1 className="mt-1 text-2xl font-semibold tracking-tight break-words text-zinc-900 sm:text-3xl">{name}</h1>
            <p className="mt-1 text-sm text-zinc-600">{t('preview.page.version', { revision })}</p>
          </div>
          <span
            className={`inline-flex items-center rounded-full px-2.5 py-1 text-sm font-medium ring-1 ring-inset ${STATUS_STYLE[status] ?? 'bg-zinc-100 text-zinc-700 ring-zinc-200'}`}
          >
            {t('preview.page.status', { status })}
          </span>
        </div>
        {form.sent ? (
          <p role="status" className="mt-4 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900 ring-1 ring-emerald-200 ring-inset">
            {t('preview.reviews.sent', { decision: form.sent })}
          </p>
        ) : null}
        {vertical ? (
          <p className="mt-4 flex items-center gap-2 text-sm text-zinc-700">
            <input id="safe-zones" type="checkbox" className="size-4 accent-accent-600" />
            <label htmlFor="safe-zones">{t('preview.page.safeZones')}</label>
          </p>
        ) : null}
        <div className="mt-6 grid gap-8 md:grid-cols-2 lg:grid-cols-3">
          {placements.map((placement) => {
            const Mockup = MOCKUPS[placement];
            return (
              <section key={placement} aria-labelledby={`${placement}-title`} className="mx-auto w-full max-w-[380px] min-w-0">
                <h2 id={`${placement}-title`} className="mb-2 text-sm font-semibold text-zinc-700">
                  {t('preview.page.placement', { placement })}
                </h2>
                <Mockup ad={ad} />
              </section>
            );
          })}
        </div>
        <PreviewPins
          previewId={previewId}
          revision={revision}
          pins={pins}
          pictures={ad.items}
          caption={ad.primaryText}
          member={member !== null}
          name={reviewer?.name || undefined}
          error={form.pinError}
          nonce={nonce}
        />
        <section id="reviews" aria-labelledby="reviews-title" className="mx-auto mt-12 max-w-2xl">
          <h2 id="reviews-title" className="text-xl font-semibold text-zinc-900">
            {t('preview.reviews.title')}
          </h2>
          {reviews.length === 0 ? (
            <p className="mt-2 text-sm text-zinc-600">{t(decisions.includes('approve') ? 'preview.reviews.empty' : 'preview.reviews.emptyCommentOnly')}</p>
          ) : (
            <ol className="mt-4 space-y-3">
              {reviews.map((review) => (
                <li key={review.id} className="rounded-lg border border-zinc-200 bg-white p-4">
                  <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                    <span className="font-semibold break-all text-zinc-900">{review.reviewerName}</span>
                    {review.member ? <span className="text-xs text-zinc-500">{t('preview.reviews.team')}</span> : null}
                    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${DECISION_STYLE[review.decision]}`}>
                      {t('preview.reviews.decision', { decision: review.decision })}
                    </span>
                    <span className="text-xs text-zinc-500">
                      {t('preview.reviews.version', { revision: review.revision })} · <time dateTime={review.createdAt}>{when(i18n, review.createdAt)}</time>
                    </span>
                  </div>
                  {review.comment ? <p className="mt-2 text-sm break-words whitespace-pre-line text-zinc-800">{review.comment}</p> : null}
                </li>
              ))}
            </ol>
          )}
          <div id="review" className="mt-6 scroll-mt-4 rounded-xl border border-zinc-200 bg-white p-4 sm:p-6">
            <h3 className="text-base font-semibold text-zinc-900">{t('preview.form.title', { revision })}</h3>
            <p className="mt-1 mb-4 text-sm text-zinc-600">{t('preview.form.intro')}</p>
            <ReviewForm previewId={previewId} revision={revision} form={form} member={member} decisions={decisions} reviewer={reviewer} />
          </div>
        </section>
      </main>
      <ReviewFooter />
    </div>
  );
}
