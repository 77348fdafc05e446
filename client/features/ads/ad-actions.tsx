import { Copy, ExternalLink, Link2 } from 'lucide-react';
import { useId, useState } from 'react';
import { decisionsFor, type ReviewDecision } from '#common/ads.ts';
import { decisionsAt } from '#common/approval-chain.ts';
import { memberReviewInput, type AdDetail, type AdReview, type InstagramConnection } from '#common/schemas/ads.ts';
import { fromZonedInput, toZonedInput, zoneName } from '#common/time-zone.ts';
import { Alert, LoadFailed } from '#client/components/alert.tsx';
import { Button, buttonClass } from '#client/components/button.tsx';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { TextAreaField } from '#client/components/field.tsx';
import { FormError } from '#client/components/form-error.tsx';
import { SkeletonLines } from '#client/components/skeleton.tsx';
import { useToast } from '#client/components/toast.tsx';
import { SandboxBadge } from '#client/components/sandbox-badge.tsx';
import { useFormat } from '#client/lib/format.ts';
import { errorMessage, referenceOf } from '#client/lib/http.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { useSayEnglish } from '#client/lib/i18n-context.tsx';
import { useResource } from '#client/lib/use-resource.ts';
import { useTimeZone } from '#client/lib/session.tsx';
import { adsApi } from '#client/features/ads/api.ts';

const DATE_TIME = 'dateTime' as const;

const sectionClass = 'space-y-3 rounded-[var(--radius-card)] border border-zinc-200 p-4 dark:border-zinc-800';
const headingClass = 'text-sm font-semibold text-zinc-900 dark:text-zinc-100';

/** The share link customers approve on: create, copy, regenerate or revoke (both asking first). */
export function PreviewLinkSection({
  ad,
  canEdit,
  canRevoke = canEdit,
  onChanged,
}: {
  ad: AdDetail;
  canEdit: boolean;
  /** Taking a link back stays possible where sharing is not (an archived project). */
  canRevoke?: boolean;
  onChanged: (ad: AdDetail) => void;
}) {
  const t = useT();
  const toast = useToast();
  const inputId = useId();
  const [pending, setPending] = useState<'share' | 'regenerate' | 'revoke' | null>(null);
  const [confirm, setConfirm] = useState<'regenerate' | 'revoke' | null>(null);

  const share = async (kind: 'share' | 'regenerate') => {
    setPending(kind);
    try {
      const { previewUrl } = await adsApi.share(ad.id);
      onChanged({ ...ad, previewUrl });
      toast({ tone: 'success', message: t(kind === 'share' ? 'ads.link.created' : 'ads.link.regenerated') });
    } catch (e) {
      toast({ tone: 'error', message: errorMessage(e, t('ads.link.createFailed')) });
    } finally {
      setPending(null);
      setConfirm(null);
    }
  };
  const revoke = async () => {
    setPending('revoke');
    try {
      await adsApi.revoke(ad.id);
      onChanged({ ...ad, previewUrl: null });
      toast({ tone: 'success', message: t('ads.link.revoked') });
    } catch (e) {
      toast({ tone: 'error', message: errorMessage(e, t('ads.link.revokeFailed')) });
    } finally {
      setPending(null);
      setConfirm(null);
    }
  };
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ tone: 'success', message: t('ads.link.copied') });
    } catch {
      const input = document.getElementById(inputId) as HTMLInputElement | null;
      input?.select();
      toast({ tone: 'info', message: t('ads.link.copyByHand') });
    }
  };

  return (
    <section className={sectionClass} aria-labelledby={`${inputId}-h`}>
      <h3 id={`${inputId}-h`} className={headingClass}>
        {t('ads.link.title')}
      </h3>
      {ad.previewUrl ? (
        <>
          <label htmlFor={inputId} className="sr-only">
            {t('ads.link.label')}
          </label>
          <input
            id={inputId}
            readOnly
            value={ad.previewUrl}
            onFocus={(e) => e.currentTarget.select()}
            className="block h-9 w-full min-w-0 rounded-[var(--radius-control)] border border-zinc-300 bg-zinc-50 px-2 text-sm dark:border-zinc-700 dark:bg-zinc-800"
          />
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={() => void copy(ad.previewUrl!)}>
              <Copy aria-hidden="true" className="size-4" /> {t('ads.link.copy')}
            </Button>
            <a href={ad.previewUrl} target="_blank" rel="noreferrer" className={buttonClass('ghost', 'sm')}>
              <ExternalLink aria-hidden="true" className="size-4" /> {t('ads.link.open')}
            </a>
            {canEdit ? (
              <Button size="sm" variant="ghost" onClick={() => setConfirm('regenerate')}>
                {t('ads.link.regenerate')}
              </Button>
            ) : null}
            {canRevoke ? (
              <Button size="sm" variant="ghost" onClick={() => setConfirm('revoke')}>
                {t('ads.link.revoke')}
              </Button>
            ) : null}
          </div>
        </>
      ) : canEdit ? (
        <>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('ads.link.anyone')}</p>
          <Button size="sm" variant="secondary" pending={pending === 'share'} onClick={() => void share('share')}>
            <Link2 aria-hidden="true" className="size-4" /> {t('ads.link.share')}
          </Button>
        </>
      ) : ad.role === 'viewer' ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('ads.link.viewer')}</p>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('ads.link.none')}</p>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={t(confirm === 'revoke' ? 'ads.link.revokeTitle' : 'ads.link.regenerateTitle')}
        confirmLabel={t(confirm === 'revoke' ? 'ads.link.revokeConfirm' : 'ads.link.regenerateConfirm')}
        pending={pending !== null}
        onCancel={() => setConfirm(null)}
        onConfirm={() => void (confirm === 'revoke' ? revoke() : share('regenerate'))}
      >
        {t(confirm === 'revoke' ? 'ads.link.revokeText' : 'ads.link.regenerateText')}
      </ConfirmDialog>
    </section>
  );
}

/** The review thread (members' and customers' reviews, oldest first) and a member's review form (a viewer's only comments). */
export function ReviewsSection({ ad, canReview, onReviewed }: { ad: AdDetail; canReview: boolean; onReviewed: () => void }) {
  const t = useT();
  const format = useFormat();
  const ids = useId();
  const reviews = useResource(() => adsApi.reviews(ad.id), [ad.id]);
  // An approved ad is not approved again, a scheduled or published one takes comments: what is offered follows the ad.
  const decisions = decisionsAt(decisionsFor(ad.role), ad.status);
  const [picked, setDecision] = useState<ReviewDecision>(decisions[0]!);
  const decision = decisions.includes(picked) ? picked : decisions[0]!;
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string>();
  const [error, setError] = useState<{ message: string; requestId?: string | undefined } | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const parsed = memberReviewInput.safeParse({ decision, ...(comment.trim() ? { comment } : {}) });
    if (!parsed.success) {
      setCommentError(parsed.error.issues[0]?.message);
      document.getElementById(`${ids}-comment`)?.focus();
      return;
    }
    setCommentError(undefined);
    setError(null);
    setPending(true);
    try {
      const review = await adsApi.review(ad.id, parsed.data);
      if (reviews.status === 'ready') reviews.setData({ items: [...reviews.data.items, review] });
      setComment('');
      onReviewed();
    } catch (e) {
      setError({ message: errorMessage(e, t('ads.reviews.failed')), requestId: referenceOf(e) });
    } finally {
      setPending(false);
    }
  };

  return (
    <section className={sectionClass} aria-labelledby={`${ids}-h`}>
      <h3 id={`${ids}-h`} className={headingClass}>
        {t('ads.reviews.title')}
      </h3>
      {reviews.status === 'loading' ? <SkeletonLines lines={2} label={t('ads.reviews.loading')} /> : null}
      {reviews.status === 'error' ? <LoadFailed title={t('ads.reviews.loadFailed')} onRetry={reviews.reload} /> : null}
      {reviews.status === 'ready' ? (
        reviews.data.items.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('ads.reviews.empty')}</p>
        ) : (
          <ol className="space-y-3" aria-label={t('ads.reviews.thread')}>
            {reviews.data.items.map((r: AdReview) => (
              <li key={r.id} className="min-w-0 text-sm">
                <p className="break-words">
                  <span className="font-medium">{r.reviewerName}</span>
                  {r.reviewerEmail ? <span className="text-zinc-500"> ({r.reviewerEmail})</span> : null}
                  {r.member ? null : <span className="text-zinc-500">{t('ads.reviews.viaLink')}</span>} {t('ads.reviews.done', { decision: r.decision })}
                  {/* The level of the approval chain this review moved the ad at (decision 0050): the history says who passed which level. */}
                  {r.level ? <span className="text-zinc-500">{t('ads.reviews.atLevel', { level: r.level })}</span> : null}
                  {r.revision !== ad.revision ? <span className="text-zinc-500">{t('ads.reviews.earlier')}</span> : null}
                </p>
                {r.comment ? <p className="mt-0.5 break-words whitespace-pre-line text-zinc-700 dark:text-zinc-300">{r.comment}</p> : null}
                <p className="text-xs text-zinc-500">
                  <time dateTime={r.createdAt}>{format.date(r.createdAt, DATE_TIME)}</time>
                </p>
              </li>
            ))}
          </ol>
        )
      ) : null}
      {canReview ? (
        <form noValidate onSubmit={(e) => void submit(e)} className="space-y-3 border-t border-zinc-200 pt-3 dark:border-zinc-800">
          <FormError error={error} />
          {decisions.length > 1 ? (
            <fieldset>
              <legend className="mb-1.5 text-sm font-medium">{t('ads.reviews.yourReview')}</legend>
              <div className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
                {decisions.map((d) => (
                  <label key={d} className="inline-flex items-center gap-2">
                    <input type="radio" name={`${ids}-decision`} checked={decision === d} onChange={() => setDecision(d)} />
                    {t('ads.reviews.decision', { decision: d })}
                  </label>
                ))}
              </div>
            </fieldset>
          ) : (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{t(ad.role === 'viewer' ? 'ads.reviews.viewerNote' : 'ads.reviews.settledNote')}</p>
          )}
          <TextAreaField
            id={`${ids}-comment`}
            label={t(decision === 'approve' ? 'ads.reviews.commentOptional' : 'ads.reviews.comment')}
            rows={3}
            value={comment}
            error={commentError}
            className="[&_textarea]:min-h-20"
            onChange={(e) => {
              setComment(e.currentTarget.value);
              if (commentError) setCommentError(undefined);
            }}
          />
          <Button type="submit" size="sm" pending={pending} pendingLabel={t('ads.reviews.sending')}>
            {t('ads.reviews.send', { decision })}
          </Button>
        </form>
      ) : null}
    </section>
  );
}

/**
 * Publish an approved ad now or at a time; the post's state, permalink and cancel. The time is
 * picked and shown on the account's clock (issue 28), whatever zone the browser is in: what the
 * user picks is when it is published.
 */
export function PublishSection({
  ad,
  canEdit,
  canCancel = canEdit,
  instagram,
  onChanged,
}: {
  ad: AdDetail;
  canEdit: boolean;
  /** Cancelling a scheduled post stays possible where publishing is not (an archived project). */
  canCancel?: boolean;
  instagram: InstagramConnection | undefined;
  onChanged: () => Promise<void>;
}) {
  const t = useT();
  // Instagram's reason is English, like every API message: said in the reader's language.
  const say = useSayEnglish();
  const format = useFormat();
  const ids = useId();
  const toast = useToast();
  const timeZone = useTimeZone();
  const zone = zoneName(timeZone);
  const [at, setAt] = useState('');
  const [atError, setAtError] = useState<string>();
  const [pending, setPending] = useState<'now' | 'schedule' | 'cancel' | null>(null);
  const [error, setError] = useState<{ message: string; requestId?: string | undefined } | null>(null);
  const post = ad.post && ad.post.status !== 'canceled' ? ad.post : null;
  const account = instagram?.account ?? null;
  const live = post !== null && (post.status === 'scheduled' || post.status === 'publishing' || post.status === 'published');

  const publish = async (when: 'now' | 'schedule') => {
    let iso: string | undefined;
    if (when === 'schedule') {
      const date = at ? fromZonedInput(at, timeZone) : null;
      if (!date) {
        setAtError(t('ads.publish.pickTime'));
        return;
      }
      if (date.getTime() < Date.now()) {
        setAtError(t('ads.publish.future'));
        return;
      }
      iso = date.toISOString();
    }
    setAtError(undefined);
    setError(null);
    setPending(when);
    try {
      const result = await adsApi.publish(ad.id, iso);
      toast({
        tone: 'success',
        message: when === 'now' ? t('ads.publish.now') : t('ads.publish.scheduled', { date: format.date(result.scheduledAt, DATE_TIME) }),
      });
      await onChanged();
    } catch (e) {
      setError({ message: errorMessage(e, t('ads.publish.scheduleFailed')), requestId: referenceOf(e) });
    } finally {
      setPending(null);
    }
  };
  const cancel = async () => {
    setPending('cancel');
    setError(null);
    try {
      await adsApi.cancelPublish(ad.id);
      toast({ tone: 'success', message: t('ads.publish.canceled') });
      await onChanged();
    } catch (e) {
      setError({ message: errorMessage(e, t('ads.publish.cancelFailed')), requestId: referenceOf(e) });
    } finally {
      setPending(null);
    }
  };

  return (
    <section className={sectionClass} aria-labelledby={`${ids}-h`}>
      <h3 id={`${ids}-h`} className={headingClass}>
        {t('ads.publish.title')}
      </h3>
      <FormError error={error} />
      {post ? (
        <div className="space-y-1 text-sm">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{t('ads.publish.postStatus', { status: post.status })}</span>
            {post.username ? <span className="text-zinc-600 dark:text-zinc-400">@{post.username}</span> : null}
            {post.sandbox ? <SandboxBadge /> : null}
          </p>
          {post.status === 'scheduled' ? (
            <p>
              {t('ads.publish.for')} <time dateTime={post.scheduledAt}>{format.date(post.scheduledAt, DATE_TIME)}</time> ({zone})
            </p>
          ) : null}
          {post.status === 'published' && post.publishedAt ? (
            <p>
              <time dateTime={post.publishedAt}>{format.date(post.publishedAt, DATE_TIME)}</time>
            </p>
          ) : null}
          {post.permalink ? (
            <a
              href={post.permalink}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-1 font-medium text-accent-700 underline dark:text-accent-200"
            >
              {t('ads.publish.viewPost')} <ExternalLink aria-hidden="true" className="size-3.5" />
            </a>
          ) : null}
          {post.error ? (
            <Alert tone={post.status === 'failed' ? 'danger' : 'warning'}>
              {post.status === 'failed' ? t('ads.publish.notPublished') : t('ads.publish.retrying', { attempts: post.attempts })}
              {say(post.error)}
            </Alert>
          ) : null}
          {canCancel && post.status === 'scheduled' ? (
            <Button size="sm" variant="secondary" pending={pending === 'cancel'} onClick={() => void cancel()}>
              {t('ads.publish.cancel')}
            </Button>
          ) : null}
        </div>
      ) : null}
      {!live ? (
        ad.status !== 'approved' && ad.status !== 'failed' ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('ads.publish.onceApproved')}</p>
        ) : !account ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('ads.publish.connect')}</p>
        ) : canEdit ? (
          <div className="space-y-3">
            {account.status === 'broken' ? <Alert tone="warning">{t('ads.publish.renew')}</Alert> : null}
            <p className="flex flex-wrap items-center gap-2 text-sm">
              {t('ads.publish.to', { username: account.username })} {account.sandbox ? <SandboxBadge /> : null}
            </p>
            <Button size="sm" pending={pending === 'now'} disabled={pending !== null} onClick={() => void publish('now')}>
              {t('ads.publish.publishNow')}
            </Button>
            <div>
              <label htmlFor={`${ids}-at`} className="mb-1.5 block text-sm font-medium">
                {t('ads.publish.scheduleFor')}
              </label>
              <div className="flex flex-wrap items-start gap-2">
                <input
                  id={`${ids}-at`}
                  type="datetime-local"
                  value={at}
                  min={toZonedInput(new Date(), timeZone)}
                  aria-describedby={`${ids}-tz${atError ? ` ${ids}-at-error` : ''}`}
                  aria-invalid={atError ? true : undefined}
                  onChange={(e) => {
                    setAt(e.currentTarget.value);
                    setAtError(undefined);
                  }}
                  className="h-9 max-w-full min-w-0 rounded-[var(--radius-control)] border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
                />
                <Button size="sm" variant="secondary" pending={pending === 'schedule'} disabled={pending !== null} onClick={() => void publish('schedule')}>
                  {t('ads.publish.schedule')}
                </Button>
              </div>
              <p id={`${ids}-tz`} className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
                {t('ads.publish.timeZone', { zone })}
              </p>
              {atError ? (
                <p id={`${ids}-at-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
                  {atError}
                </p>
              ) : null}
            </div>
          </div>
        ) : null
      ) : null}
    </section>
  );
}
