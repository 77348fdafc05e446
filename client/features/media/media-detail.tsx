import { Download, ExternalLink, Trash2 } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { Link } from 'react-router';
import type { MediaDetail as Detail } from '#common/schemas/media.ts';
import { Alert } from '#client/components/alert.tsx';
import { Button, buttonClass } from '#client/components/button.tsx';
import { ConfirmDialog } from '#client/components/confirm-dialog.tsx';
import { TextAreaField, TextField } from '#client/components/field.tsx';
import { Skeleton } from '#client/components/skeleton.tsx';
import { TagInput } from '#client/components/tag-input.tsx';
import { useToast } from '#client/components/toast.tsx';
import { Thumbnail } from '#client/components/thumbnail.tsx';
import { ApiError, errorMessage } from '#client/lib/http.ts';
import { useResource } from '#client/lib/use-resource.ts';
import { useFormat } from '#client/lib/format.ts';
import { PhotoCredit } from '#client/components/photo-credit.tsx';
import { useT } from '#client/lib/i18n-context.tsx';
import { mediaApi } from '#client/features/media/api.ts';
import { FocalPointPicker } from '#client/features/media/focal-point.tsx';
import { describeMedia } from '#client/features/media/format.ts';

function Preview({ item }: { item: Detail }) {
  if (item.kind === 'video') {
    // Starts muted, as in the feeds these videos are made for; the controls turn the sound on.
    return (
      <video
        src={item.fileUrl}
        controls
        muted
        preload="metadata"
        poster={item.thumbnailUrl ?? undefined}
        className="max-h-[60vh] w-full rounded-[var(--radius-control)] bg-black"
      />
    );
  }
  return (
    <img
      src={item.fileUrl}
      alt={item.alt || item.name}
      width={item.width ?? undefined}
      height={item.height ?? undefined}
      className="mx-auto max-h-[60vh] w-auto max-w-full rounded-[var(--radius-control)] bg-zinc-100 object-contain dark:bg-zinc-800"
    />
  );
}

/**
 * One media object: preview, facts, editable name, alt text and tags, download,
 * delete (refused with the places it is used), and where it is used. Shared by the
 * modal over the library and the full page.
 */
export function MediaDetail({
  mediaId,
  onChanged,
  onDeleted,
  onLoaded,
  headingId,
}: {
  mediaId: string;
  onChanged?: (item: Detail) => void;
  onDeleted: () => void;
  onLoaded?: (item: Detail) => void;
  headingId?: string;
}) {
  const t = useT();
  const resource = useResource(() => mediaApi.get(mediaId), [mediaId]);
  const item = resource.status === 'ready' ? resource.data : undefined;
  const loaded = useEffectEvent((detail: Detail) => onLoaded?.(detail));
  useEffect(() => {
    if (item) loaded(item);
  }, [item]);

  if (resource.status === 'loading') {
    return (
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]" aria-busy="true">
        <Skeleton className="aspect-video w-full" />
        <div className="space-y-3">
          <Skeleton className="h-6 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-24 w-full" />
        </div>
      </div>
    );
  }
  if (resource.status === 'error' || !item) {
    return (
      <Alert tone="danger" title={t('media.detail.loadFailed')}>
        {resource.error instanceof ApiError && resource.error.status === 404 ? t('media.detail.maybeDeleted') : t('media.detail.tryAgain')}{' '}
        <button type="button" className="font-medium underline" onClick={resource.reload}>
          {t('media.detail.retry')}
        </button>
      </Alert>
    );
  }
  // A fresh form for every file (the arrows walk the grid): the fields start from what was saved.
  return (
    <DetailForm
      key={item.id}
      item={item}
      headingId={headingId}
      onSaved={(updated) => {
        resource.setData(updated);
        onChanged?.(updated);
      }}
      onDeleted={onDeleted}
    />
  );
}

function DetailForm({
  item,
  headingId,
  onSaved,
  onDeleted,
}: {
  item: Detail;
  headingId: string | undefined;
  onSaved: (item: Detail) => void;
  onDeleted: () => void;
}) {
  const t = useT();
  const format = useFormat();
  const toast = useToast();
  const [name, setName] = useState(item.name);
  const [alt, setAlt] = useState(item.alt);
  const [tags, setTags] = useState<string[]>(item.tags);
  const [focal, setFocal] = useState(item.focal ?? null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const canEdit = item.role !== 'viewer' && !item.projectArchived;
  const focalChanged = (focal?.x ?? null) !== (item.focal?.x ?? null) || (focal?.y ?? null) !== (item.focal?.y ?? null);
  const dirty = name.trim() !== item.name || alt.trim() !== item.alt || tags.join('\u0000') !== item.tags.join('\u0000') || focalChanged;
  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const updated = await mediaApi.update(item.id, { name: name.trim(), alt: alt.trim(), tags, ...(focalChanged ? { focal } : {}) });
      // What the server kept (trimmed, tags lower-cased) is what the fields show now.
      setName(updated.name);
      setAlt(updated.alt);
      setTags(updated.tags);
      setFocal(updated.focal ?? null);
      onSaved(updated);
      toast({ tone: 'success', message: t('media.detail.saved') });
    } catch (e) {
      setError(errorMessage(e, t('media.detail.saveFailed')));
    } finally {
      setSaving(false);
    }
  };
  const remove = async () => {
    setDeleting(true);
    try {
      await mediaApi.remove(item.id);
      toast({ tone: 'success', message: t('media.detail.deleted', { name: item.name }) });
      onDeleted();
    } catch (e) {
      setConfirming(false);
      setError(errorMessage(e, t('media.detail.deleteFailed')));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="min-w-0">
        {item.kind === 'image' ? (
          <FocalPointPicker src={item.fileUrl} alt={item.alt || item.name} value={focal} disabled={!canEdit} onChange={setFocal} />
        ) : (
          <Preview item={item} />
        )}
      </div>
      <div className="space-y-5">
        <div>
          <h2 id={headingId} className="text-lg font-semibold break-words text-zinc-900 dark:text-zinc-50">
            {item.name}
          </h2>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{describeMedia(item, format)}</p>
          <p className="mt-1 text-xs text-zinc-500">
            {item.uploadedBy
              ? t('media.detail.uploadedBy', { date: format.date(item.createdAt), name: item.uploadedBy.name })
              : t('media.detail.uploaded', { date: format.date(item.createdAt) })}
          </p>
          {item.attribution ? <PhotoCredit attribution={item.attribution} className="mt-1 block text-sm text-zinc-700 dark:text-zinc-300" /> : null}
        </div>
        {error ? <Alert tone="danger">{error}</Alert> : null}
        <div className="space-y-4">
          <TextField label={t('media.detail.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} readOnly={!canEdit} maxLength={200} />
          <TextAreaField
            label={t('media.detail.alt')}
            value={alt}
            onChange={(e) => setAlt(e.currentTarget.value)}
            readOnly={!canEdit}
            rows={3}
            maxLength={500}
            hint={t('media.detail.altHint')}
            className="[&_textarea]:min-h-20"
          />
          <TagInput label={t('media.detail.tags')} value={tags} onChange={setTags} disabled={!canEdit} />
          {canEdit ? (
            <Button onClick={save} pending={saving} disabled={!dirty || name.trim() === ''} pendingLabel={t('media.detail.saving')}>
              {t('media.detail.save')}
            </Button>
          ) : null}
        </div>
        <div>
          <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">{t('media.detail.usedWhere')}</h3>
          {item.usedBy.length === 0 ? (
            <p className="mt-1 text-sm text-zinc-500">{t('media.detail.unused')}</p>
          ) : (
            <ul className="mt-1 space-y-1 text-sm">
              {item.usedBy.map((usage) => (
                <li key={usage.label}>
                  <Link to={usage.href} className="inline-flex items-center gap-2 text-accent-700 hover:underline dark:text-accent-200">
                    {/* The link's text names the creative: the picture beside it adds nothing to read aloud. */}
                    {usage.thumbnail ? <Thumbnail {...usage.thumbnail} alt="" fit="contain" className="size-10 shrink-0 rounded" /> : null}
                    {usage.label}
                    <ExternalLink aria-hidden="true" className="size-3" />
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="flex flex-wrap gap-2 border-t border-zinc-200 pt-4 dark:border-zinc-800">
          <a href={`${item.fileUrl}?download=1`} className={buttonClass('secondary', 'sm')} download>
            <Download aria-hidden="true" className="size-4" />
            {t('media.detail.download')}
          </a>
          {canEdit ? (
            <Button
              variant="ghost"
              size="sm"
              className="text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950"
              onClick={() => setConfirming(true)}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              {t('media.detail.delete')}
            </Button>
          ) : null}
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('media.detail.deleteTitle', { name: item.name })}
        confirmLabel={t('media.detail.deleteConfirm')}
        pending={deleting}
        onCancel={() => setConfirming(false)}
        onConfirm={remove}
      >
        {item.usedBy.length > 0 ? t('media.detail.deleteStillUsed', { places: item.usedBy.map((u) => u.label).join('; ') }) : t('media.detail.deleteText')}
      </ConfirmDialog>
    </div>
  );
}
