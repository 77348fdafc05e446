import { Trash2 } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import type { AdDetail, AdUpdateInput, InstagramConnection } from '#common/schemas/ads.ts';
import { Alert, LoadFailed } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { Dialog } from '#client/components/dialog.tsx';
import { FormError } from '#client/components/form-error.tsx';
import { Skeleton, SkeletonLines } from '#client/components/skeleton.tsx';
import { useToast } from '#client/components/toast.tsx';
import { ApiError, errorMessage, referenceOf } from '#client/lib/http.ts';
import { useT } from '#client/lib/i18n-context.tsx';
import { useSayEnglish } from '#client/lib/i18n-context.tsx';
import { useResource } from '#client/lib/use-resource.ts';
import { PreviewLinkSection, PublishSection, ReviewsSection } from '#client/features/ads/ad-actions.tsx';
import { AdForm, changesOf, draftErrors, draftOf, type Draft } from '#client/features/ads/ad-form.tsx';
import { AdStatusBadge } from '#client/features/ads/ad-status.tsx';
import { adsApi } from '#client/features/ads/api.ts';
import { PinsSection } from '#client/features/ads/ad-pins.tsx';

/** The ad editor, a dialog over the marketing page (`?ad={id}`): copy and pictures, review, share, publish. */
export function AdEditorDialog({
  adId,
  archived = false,
  instagram,
  onClose,
  onChanged,
  onDeleted,
  figures,
}: {
  adId: string | null;
  /** The project is archived: the ad is read-only (cancel and revoke stay possible). */
  archived?: boolean;
  instagram: InstagramConnection | undefined;
  onClose: () => void;
  onChanged: (ad: AdDetail) => void;
  onDeleted: (id: string) => void;
  /** A published ad's post's figures, shown beside it (another feature's part: the route joins them). */
  figures?: ((ad: AdDetail) => ReactNode) | undefined;
}) {
  const t = useT();
  const [title, setTitle] = useState<string | null>(null);
  const [dirty, setDirty] = useState(false);
  const [asking, setAsking] = useState(false);
  return (
    <Dialog open={adId !== null} title={title ?? t('ads.editor.title')} onClose={() => (dirty ? setAsking(true) : onClose())} wide>
      {adId ? (
        <AdEditor
          key={adId}
          adId={adId}
          archived={archived}
          instagram={instagram}
          onTitle={setTitle}
          onDirty={setDirty}
          onChanged={onChanged}
          onDeleted={onDeleted}
          figures={figures}
        />
      ) : null}
      <ConfirmDialog
        open={asking}
        title={t('ads.editor.discardTitle')}
        confirmLabel={t('ads.editor.discardConfirm')}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          setDirty(false);
          onClose();
        }}
      >
        {t('ads.editor.discardText')}
      </ConfirmDialog>
    </Dialog>
  );
}

function EditorSkeleton() {
  const t = useT();
  return (
    <div role="status" aria-label={t('ads.editor.loading')} className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="space-y-4">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-20 w-40" />
        <Skeleton className="h-32 w-full" />
        <SkeletonLines lines={3} />
      </div>
      <Skeleton className="h-64 w-full" />
    </div>
  );
}

function AdEditor({
  adId,
  archived,
  instagram,
  onTitle,
  onDirty,
  onChanged,
  onDeleted,
  figures,
}: {
  adId: string;
  archived: boolean;
  instagram: InstagramConnection | undefined;
  onTitle: (title: string) => void;
  onDirty: (dirty: boolean) => void;
  onChanged: (ad: AdDetail) => void;
  onDeleted: (id: string) => void;
  figures: ((ad: AdDetail) => ReactNode) | undefined;
}) {
  const t = useT();
  const say = useSayEnglish();
  const resource = useResource(() => adsApi.get(adId), [adId]);
  useEffect(() => {
    if (resource.status === 'ready') onTitle(resource.data.name);
  }, [resource.status, resource.data, onTitle]);
  // A post being published (or due now) settles within seconds: look again until it has.
  const post = resource.status === 'ready' ? resource.data.post : null;
  const pollKey =
    post && (post.status === 'publishing' || post.status === 'scheduled') ? `${post.id}:${post.status}:${post.attempts}:${post.scheduledAt}` : null;
  const dueAt = post?.scheduledAt;
  const toast = useToast();
  const refresh = useEffectEvent(() => {
    const before = post?.status;
    void adsApi.get(adId).then(
      (ad) => {
        resource.setData(ad);
        onChanged(ad);
        // Finished work announces itself, with a link to the result.
        const after = ad.post;
        if (before !== 'published' && after?.status === 'published')
          toast({
            tone: 'success',
            message: t('ads.editor.onInstagram', { name: ad.name }),
            ...(after.permalink ? { action: { label: t('ads.editor.viewPost'), href: after.permalink } } : {}),
          });
        if (before !== 'failed' && after?.status === 'failed')
          toast({
            tone: 'error',
            message: t('ads.editor.publishFailed', { name: ad.name, reason: after.error ? say(after.error) : t('ads.list.postFailed') }),
          });
      },
      () => {},
    );
  });
  const [polls, setPolls] = useState(0);
  useEffect(() => {
    if (!pollKey || polls >= 40) return;
    // A post due later than in a few seconds is not looked at again from here.
    if (pollKey.includes(':scheduled:') && dueAt && Date.parse(dueAt) > Date.now() + 5000) return;
    const timer = window.setTimeout(() => {
      setPolls((n) => n + 1);
      refresh();
    }, 3000);
    return () => window.clearTimeout(timer);
  }, [pollKey, dueAt, polls]);
  if (resource.status === 'loading') return <EditorSkeleton />;
  if (resource.status === 'error') {
    if (resource.error instanceof ApiError && resource.error.status === 404)
      return (
        <Alert tone="warning" title={t('ads.editor.gone')}>
          {t('ads.editor.goneText')}
        </Alert>
      );
    return <LoadFailed title={t('ads.editor.loadFailed')} onRetry={resource.reload} />;
  }
  return (
    <LoadedEditor
      ad={resource.data}
      archived={archived}
      instagram={instagram}
      onSaved={(ad) => {
        resource.setData(ad);
        onChanged(ad);
      }}
      reload={async () => {
        const ad = await adsApi.get(adId);
        resource.setData(ad);
        onChanged(ad);
        return ad;
      }}
      onDirty={onDirty}
      onDeleted={onDeleted}
      figures={figures}
    />
  );
}

function LoadedEditor({
  ad,
  archived,
  instagram,
  onSaved,
  reload,
  onDirty,
  onDeleted,
  figures,
}: {
  ad: AdDetail;
  archived: boolean;
  instagram: InstagramConnection | undefined;
  onSaved: (ad: AdDetail) => void;
  reload: () => Promise<AdDetail>;
  onDirty: (dirty: boolean) => void;
  onDeleted: (id: string) => void;
  figures: ((ad: AdDetail) => ReactNode) | undefined;
}) {
  const t = useT();
  const toast = useToast();
  const member = ad.role !== 'viewer';
  const canEdit = member && !archived;
  // A published ad's copy and pictures stay as they were posted (the server refuses changes).
  const frozen = ad.status === 'published' || ad.post?.status === 'publishing';
  const [draft, setDraft] = useState<Draft>(() => draftOf(ad));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [error, setError] = useState<{ message: string; requestId?: string | undefined } | null>(null);
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [deleting, setDeleting] = useState<'ask' | 'pending' | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const changes = changesOf(ad, draft);
  const dirty = Object.keys(changes).length > 0;
  useEffect(() => {
    onDirty(dirty);
    return () => onDirty(false);
  }, [dirty, onDirty]);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (saving || !dirty) return;
    const errors = draftErrors(t, draft);
    if (Object.keys(errors).length > 0) {
      setTouched(new Set(Object.keys(draft)));
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const input: AdUpdateInput = { ...changes, baseRevision: ad.revision };
      const saved = await adsApi.update(ad.id, input);
      setDraft(draftOf(saved));
      setTouched(new Set());
      setConflict(false);
      onSaved(saved);
      toast({
        tone: 'success',
        message: t(saved.status === 'in_review' && ad.status !== 'in_review' ? 'ads.editor.backToReview' : 'ads.editor.saved'),
      });
    } catch (e) {
      // A newer revision (details `_: ["revision:N"]`): offer to load it. Other refusals say what happened.
      if (e instanceof ApiError && e.status === 409 && (e.details?._ ?? []).some((d) => d.startsWith('revision:'))) setConflict(true);
      else {
        setError({ message: errorMessage(e, t('ads.editor.saveFailed')), requestId: referenceOf(e) });
        if (e instanceof ApiError && e.details) setServerErrors(Object.fromEntries(Object.entries(e.details).map(([key, messages]) => [key, messages[0]])));
      }
    } finally {
      setSaving(false);
    }
  };

  const loadLatest = async () => {
    try {
      const latest = await reload();
      setDraft(draftOf(latest));
      setTouched(new Set());
      setConflict(false);
    } catch (e) {
      toast({ tone: 'error', message: errorMessage(e, t('ads.editor.latestFailed')) });
    }
  };

  const submit = async () => {
    setSubmitting(true);
    try {
      const next = await adsApi.submit(ad.id);
      onSaved(next);
      toast({ tone: 'success', message: t('ads.editor.submitted') });
    } catch (e) {
      toast({ tone: 'error', message: errorMessage(e, t('ads.editor.submitFailed')) });
    } finally {
      setSubmitting(false);
    }
  };

  const remove = async () => {
    setDeleting('pending');
    try {
      await adsApi.remove(ad.id);
      toast({ tone: 'success', message: t('ads.editor.deleted', { name: ad.name }) });
      onDeleted(ad.id);
    } catch (e) {
      toast({ tone: 'error', message: errorMessage(e, t('ads.editor.deleteFailed')) });
      setDeleting(null);
    }
  };

  const canSubmit = canEdit && (ad.status === 'draft' || ad.status === 'changes_requested');

  return (
    <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="min-w-0 space-y-6">
        <form ref={formRef} noValidate onSubmit={(e) => void save(e)} className="min-w-0 space-y-4" aria-label={t('ads.editor.form')}>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <AdStatusBadge status={ad.status} />
            <span className="text-zinc-500">{t('ads.editor.version', { revision: ad.revision })}</span>
            {ad.approval.waitingAt ? (
              <span className="min-w-0 text-xs break-words text-zinc-600 dark:text-zinc-400">
                {t('ads.approval.waiting', {
                  level: ad.approval.waitingAt.name,
                  position: ad.approval.waitingAt.index + 1,
                  count: ad.approval.waitingAt.count,
                  approvers: ad.approval.waitingAt.approvers.join(', '),
                })}
              </span>
            ) : null}
          </div>
          {!member ? <Alert tone="info">{t('ads.editor.viewerNote')}</Alert> : null}
          {member && archived ? <Alert tone="info">{t('ads.editor.archivedNote')}</Alert> : null}
          {canEdit && frozen ? <Alert tone="info">{t(ad.status === 'published' ? 'ads.editor.publishedNote' : 'ads.editor.publishingNote')}</Alert> : null}
          {conflict ? (
            <Alert tone="warning" title={t('ads.editor.conflict')}>
              {t('ads.editor.conflictText')}
              <div className="mt-2">
                <Button size="sm" variant="secondary" onClick={() => void loadLatest()}>
                  {t('ads.editor.loadLatest')}
                </Button>
              </div>
            </Alert>
          ) : null}
          <FormError error={error} />
          <AdForm
            ad={ad}
            draft={draft}
            onChange={(next) => {
              setDraft(next);
              setServerErrors({});
            }}
            serverErrors={serverErrors}
            touched={touched}
            onTouch={(field) => setTouched((t) => new Set([...t, field]))}
            readOnly={!canEdit || frozen}
          />
          {canEdit && !frozen ? (
            <div className="sticky bottom-0 -mx-1 flex flex-wrap items-center gap-3 bg-white px-1 py-3 dark:bg-zinc-900">
              <Button type="submit" pending={saving} pendingLabel={t('ads.editor.saving')} disabled={!dirty}>
                {t('ads.editor.save')}
              </Button>
              {dirty ? (
                <Button
                  variant="ghost"
                  onClick={() => {
                    setDraft(draftOf(ad));
                    setTouched(new Set());
                  }}
                >
                  {t('ads.editor.discard')}
                </Button>
              ) : null}
              {dirty &&
              (ad.status === 'approved' || ad.status === 'scheduled') &&
              ('primaryText' in changes || 'creationIds' in changes || 'headline' in changes) ? (
                <p className="text-sm text-amber-800 dark:text-amber-200">{t('ads.editor.backToReviewNote')}</p>
              ) : null}
            </div>
          ) : null}
        </form>
        {/* Comments pinned on the pictures and the caption (decision 0052), under the copy they are about. */}
        <PinsSection ad={ad} canWrite={!archived} />
      </div>
      <aside className="min-w-0 space-y-4" aria-label={t('ads.editor.aside')}>
        {canSubmit ? (
          <div className="space-y-2">
            <Button className="w-full" pending={submitting} disabled={dirty} onClick={() => void submit()}>
              {t('ads.editor.submit')}
            </Button>
            {dirty ? <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('ads.editor.saveFirst')}</p> : null}
          </div>
        ) : null}
        <PreviewLinkSection ad={ad} canEdit={canEdit} canRevoke={member} onChanged={onSaved} />
        <PublishSection
          ad={ad}
          canEdit={canEdit}
          canCancel={member}
          instagram={instagram}
          onChanged={async () => {
            await reload();
          }}
        />
        {figures && ad.post?.status === 'published' ? figures(ad) : null}
        <ReviewsSection ad={ad} canReview={!archived} onReviewed={() => void reload()} />
        {canEdit ? (
          <Button variant="ghost" className="w-full text-red-700 dark:text-red-400" onClick={() => setDeleting('ask')}>
            <Trash2 aria-hidden="true" className="size-4" /> {t('ads.editor.delete')}
          </Button>
        ) : null}
      </aside>
      <ConfirmDialog
        open={deleting !== null}
        title={t('ads.editor.deleteTitle', { name: ad.name })}
        confirmLabel={t('ads.editor.delete')}
        pending={deleting === 'pending'}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void remove()}
      >
        {t('ads.editor.deleteText')}
      </ConfirmDialog>
    </div>
  );
}
