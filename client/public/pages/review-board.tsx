import type { MockupAd, Placement } from '#common/ads.ts';
import type { AdPin } from '#common/schemas/ad-pins.ts';
import { buttonClass } from '#client/components/button.tsx';
import { useI18n, useT } from '#client/lib/i18n-context.tsx';
import { MOCKUPS } from '#client/public/pages/ad-mockups.tsx';
import { PreviewPins } from '#client/public/pages/ad-pins.tsx';
import { DECISION_STYLE, FieldError, Honeypot, ReviewFooter, ReviewHeader, field, when, type PublicReview } from '#client/public/pages/ad-preview.tsx';

/** An ad on the board: what its card shows. */
export interface BoardAdView {
  id: string;
  name: string;
  revision: number;
  placements: Placement[];
  ad: MockupAd;
  /** The level of the project's approval chain the ad waits at (null: no levels). */
  level: string | null;
  reviewCount: number;
  /** Its latest reviews, oldest first. */
  latest: PublicReview[];
  /** The comments pinned on it (decision 0052). */
  pins: AdPin[];
}

/** What a post did (after the redirect): counts per outcome. */
export interface BoardDone {
  approved: number;
  changes: number;
  comments: number;
  skipped: number;
}

export interface BoardFormState {
  /** The fields as sent (a refused post): name, email, `comment.{adId}`, `pick.{adId}`. */
  values?: Record<string, string>;
  errors?: Record<string, string>;
  formError?: string;
  done?: BoardDone;
  /** Why the last pin, reply, resolve or reopen on the ad `adId` was refused. */
  pinError?: { adId: string; message: string };
}

export interface ReviewBoardProps {
  token: string;
  projectName: string;
  ads: BoardAdView[];
  /** The name and address this device gave last time (a cookie of the board), else empty. */
  reviewer: { name: string; email: string };
  form: BoardFormState;
  /** The response's CSP nonce: the pins' one script runs under it. */
  nonce?: string | undefined;
}

/**
 * The review form's id: its fields are spread over the ads' cards (`form=`), so each card's pin
 * forms can sit beside them (forms do not nest).
 */
const REVIEW_FORM = 'board-review';

function Done({ done }: { done: BoardDone }) {
  const t = useT();
  const lines = [
    done.approved > 0 ? t('preview.board.done.approved', { count: done.approved }) : null,
    done.changes > 0 ? t('preview.board.done.changes', { count: done.changes }) : null,
    done.comments > 0 ? t('preview.board.done.comments', { count: done.comments }) : null,
    done.skipped > 0 ? t('preview.board.done.skipped', { count: done.skipped }) : null,
  ].filter((line) => line !== null);
  return (
    <div role="status" className="mt-4 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900 ring-1 ring-emerald-200 ring-inset">
      <p className="font-medium">{t('preview.board.done.title')}</p>
      {lines.length > 0 ? (
        <ul className="mt-1 list-disc pl-5">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function Thread({ ad }: { ad: BoardAdView }) {
  const t = useT();
  const i18n = useI18n();
  return (
    <div className="mt-4">
      <h3 className="text-sm font-semibold text-zinc-800">{t('preview.board.thread', { count: ad.reviewCount })}</h3>
      {ad.latest.length > 0 ? (
        <ol className="mt-2 space-y-2">
          {ad.latest.map((review) => (
            <li key={review.id} className="rounded-md bg-zinc-50 p-3 text-sm ring-1 ring-zinc-200 ring-inset">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="font-semibold break-all text-zinc-900">{review.reviewerName}</span>
                <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${DECISION_STYLE[review.decision]}`}>
                  {t('preview.reviews.decision', { decision: review.decision })}
                </span>
                <span className="text-xs text-zinc-500">
                  <time dateTime={review.createdAt}>{when(i18n, review.createdAt)}</time>
                </span>
              </div>
              {review.comment ? <p className="mt-1 break-words whitespace-pre-line text-zinc-800">{review.comment}</p> : null}
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

interface AdCardProps {
  ad: BoardAdView;
  form: BoardFormState;
  base: string;
  reviewerName: string;
  /** Given to the last card only: the pins' script runs once, after every card's pins are on the page. */
  nonce?: string | undefined;
}

function AdCard({ ad, form, base, reviewerName, nonce }: AdCardProps) {
  const t = useT();
  const [first, ...others] = ad.placements;
  const comment = `comment.${ad.id}`;
  const error = form.errors?.[comment];
  const Mockup = first ? MOCKUPS[first] : null;
  return (
    <li id={`ad-${ad.id}`} className="scroll-mt-4 rounded-xl border border-zinc-200 bg-white p-4 sm:p-6">
      <article aria-labelledby={`title-${ad.id}`}>
        <div className="flex items-start gap-3">
          <input
            id={`pick-${ad.id}`}
            name={`pick.${ad.id}`}
            form={REVIEW_FORM}
            type="checkbox"
            value="1"
            defaultChecked={Boolean(form.values?.[`pick.${ad.id}`])}
            className="mt-1.5 size-5 shrink-0 accent-accent-600"
          />
          <div className="min-w-0">
            <h2 id={`title-${ad.id}`} className="text-lg font-semibold break-words text-zinc-900">
              <label htmlFor={`pick-${ad.id}`}>{ad.name}</label>
            </h2>
            <p className="mt-0.5 text-sm text-zinc-600">
              {t('preview.page.version', { revision: ad.revision })}
              {ad.level ? ` · ${t('preview.board.level', { level: ad.level })}` : null}
            </p>
          </div>
        </div>
        <div className="mt-4 grid gap-6 lg:grid-cols-[380px_minmax(0,1fr)]">
          <div className="min-w-0">
            {Mockup && first ? (
              <section aria-label={t('preview.page.placement', { placement: first })} className="mx-auto w-full max-w-[380px]">
                <p className="mb-2 text-sm font-semibold text-zinc-700">{t('preview.page.placement', { placement: first })}</p>
                <Mockup ad={ad.ad} />
              </section>
            ) : null}
            {others.length > 0 ? (
              <details className="mx-auto mt-3 w-full max-w-[380px]">
                <summary className="cursor-pointer text-sm font-medium text-accent-700">{t('preview.board.otherPlacements', { count: others.length })}</summary>
                <div className="mt-3 space-y-6">
                  {others.map((placement) => {
                    const Other = MOCKUPS[placement];
                    return (
                      <section key={placement} aria-label={t('preview.page.placement', { placement })}>
                        <p className="mb-2 text-sm font-semibold text-zinc-700">{t('preview.page.placement', { placement })}</p>
                        <Other ad={ad.ad} />
                      </section>
                    );
                  })}
                </div>
              </details>
            ) : null}
          </div>
          <div className="min-w-0">
            <Thread ad={ad} />
            <input type="hidden" form={REVIEW_FORM} name={`revision.${ad.id}`} value={String(ad.revision)} />
            <label className="mt-4 block text-sm font-medium text-zinc-800">
              {t('preview.board.message')} <span className="font-normal text-zinc-500">{t('preview.form.commentHint')}</span>
              <textarea
                name={comment}
                form={REVIEW_FORM}
                rows={3}
                maxLength={2000}
                defaultValue={form.values?.[comment] ?? ''}
                className={field}
                {...(error ? { 'aria-invalid': true as const, 'aria-describedby': `${ad.id}-error`, autoFocus: true } : {})}
              />
              <FieldError id={`${ad.id}-error`} message={error} />
            </label>
            <div className="mt-3 flex flex-col gap-2 sm:flex-row">
              <button type="submit" form={REVIEW_FORM} name="action" value={`approve:${ad.id}`} className={buttonClass('primary', 'lg', 'sm:flex-1')}>
                {t('preview.board.approveOne', { name: ad.name })}
              </button>
              <button type="submit" form={REVIEW_FORM} name="action" value={`changes:${ad.id}`} className={buttonClass('secondary', 'lg', 'sm:flex-1')}>
                {t('preview.board.changesOne', { name: ad.name })}
              </button>
            </div>
          </div>
        </div>
        <PreviewPins
          previewId=""
          base={`${base}/ads/${ad.id}`}
          anchor={`pin-${ad.id}`}
          revision={ad.revision}
          pins={ad.pins}
          pictures={ad.ad.items}
          caption={ad.ad.primaryText}
          member={false}
          name={reviewerName}
          error={form.pinError?.adId === ad.id ? form.pinError.message : undefined}
          nonce={nonce}
          heading="h3"
          spacing="mt-6 border-t border-zinc-100 pt-6"
        />
      </article>
    </li>
  );
}

function Reviewer({ reviewer, form }: Pick<ReviewBoardProps, 'reviewer' | 'form'>) {
  const t = useT();
  const errors = form.errors ?? {};
  const value = (name: 'name' | 'email') => form.values?.[name] ?? reviewer[name];
  const invalid = (name: string) => (errors[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${name}-error`, autoFocus: true } : {});
  return (
    <fieldset className="rounded-xl border border-zinc-200 bg-white p-4 sm:p-6">
      {/* Floated: the legend sits inside the box like a card's title, not on its border. */}
      <legend className="float-left w-full text-base font-semibold text-zinc-900">{t('preview.board.reviewer')}</legend>
      <p className="clear-left mt-1 mb-3 pt-1 text-sm text-zinc-600">{t('preview.board.reviewerHint')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="block text-sm font-medium text-zinc-800">
          {t('preview.form.name')}
          <input name="name" required maxLength={80} autoComplete="name" defaultValue={value('name')} className={field} {...invalid('name')} />
          <FieldError id="name-error" message={errors.name} />
        </label>
        <label className="block text-sm font-medium text-zinc-800">
          {t('preview.form.email')} <span className="font-normal text-zinc-500">{t('preview.board.emailHint')}</span>
          <input name="email" type="email" maxLength={254} autoComplete="email" defaultValue={value('email')} className={field} {...invalid('email')} />
          <FieldError id="email-error" message={errors.email} />
        </label>
      </div>
    </fieldset>
  );
}

/**
 * `/board/{token}`: every ad of a project waiting for the customer, newest first, in one plain form
 * (no JavaScript needed): the reviewer's name once, then per ad its mock-up, its thread, a message
 * and its two buttons, a checkbox for "Approve selected", and its pinned comments with their own
 * plain forms (decision 0052; only placing a new pin uses the page's one inline script).
 */
export function ReviewBoardPage({ token, projectName, ads, reviewer, form, nonce }: ReviewBoardProps) {
  const t = useT();
  return (
    <div className="min-h-screen bg-zinc-50">
      <ReviewHeader label={t('preview.board.label')} width="max-w-5xl" />
      <main id="main" className="mx-auto max-w-5xl px-4 py-6 sm:px-6 sm:py-10">
        <p className="text-sm text-zinc-500">{projectName}</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight text-zinc-900 sm:text-3xl">{t('preview.board.title')}</h1>
        <p className="mt-1 text-sm text-zinc-600">{t('preview.board.count', { count: ads.length })}</p>
        {form.done ? <Done done={form.done} /> : null}
        {form.formError ? (
          <p role="alert" className="mt-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200 ring-inset">
            {form.formError}
          </p>
        ) : null}
        {ads.length === 0 ? null : (
          <div className="mt-6 space-y-6">
            <form id={REVIEW_FORM} method="post" action={`/board/${token}/reviews`} noValidate>
              {/* The form's default button, disabled: Enter in a field sends nothing (it would press the first ad's Approve). */}
              <button type="submit" disabled hidden aria-hidden="true" tabIndex={-1} />
              <Reviewer reviewer={reviewer} form={form} />
              <Honeypot />
            </form>
            <ol className="space-y-6">
              {ads.map((ad, index) => (
                <AdCard
                  key={ad.id}
                  ad={ad}
                  form={form}
                  base={`/board/${token}`}
                  reviewerName={reviewer.name}
                  nonce={index === ads.length - 1 ? nonce : undefined}
                />
              ))}
            </ol>
            <div className="sticky bottom-0 -mx-4 border-t border-zinc-200 bg-white px-4 py-3 shadow-[0_-4px_12px_rgb(0_0_0/0.06)] sm:mx-0 sm:rounded-xl sm:border">
              <FieldError id="pick-error" message={form.errors?.pick} />
              <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                {/* On a phone the bar stays one button high: the hint is for wider screens. */}
                <p className="hidden text-sm text-zinc-600 sm:block">{t('preview.board.selectedHint')}</p>
                <button type="submit" form={REVIEW_FORM} name="action" value="approve_selected" className={buttonClass('primary', 'lg')}>
                  {t('preview.board.approveSelected')}
                </button>
              </div>
            </div>
          </div>
        )}
      </main>
      <ReviewFooter />
    </div>
  );
}
