import { Download, ExternalLink, Trash2 } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { Link } from 'react-router';
import type { MediaDetail as Detail } from '#common/schemas/media.ts';
import { formatDate } from '#common/format.ts';
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
      <Alert tone="danger" title="This file could not be loaded">
        {resource.error instanceof ApiError && resource.error.status === 404 ? 'It may have been deleted.' : 'Please try again.'}{' '}
        <button type="button" className="font-medium underline" onClick={resource.reload}>
          Retry
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
      toast({ tone: 'success', message: 'Changes saved.' });
    } catch (e) {
      setError(errorMessage(e, 'The changes could not be saved.'));
    } finally {
      setSaving(false);
    }
  };
  const remove = async () => {
    setDeleting(true);
    try {
      await mediaApi.remove(item.id);
      toast({ tone: 'success', message: `“${item.name}” was deleted.` });
      onDeleted();
    } catch (e) {
      setConfirming(false);
      setError(errorMessage(e, 'The file could not be deleted.'));
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
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{describeMedia(item)}</p>
          <p className="mt-1 text-xs text-zinc-500">
            Uploaded {formatDate(item.createdAt)}
            {item.uploadedBy ? ` by ${item.uploadedBy.name}` : ''}
          </p>
        </div>
        {error ? <Alert tone="danger">{error}</Alert> : null}
        <div className="space-y-4">
          <TextField label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} readOnly={!canEdit} maxLength={200} />
          <TextAreaField
            label="Alt text"
            value={alt}
            onChange={(e) => setAlt(e.currentTarget.value)}
            readOnly={!canEdit}
            rows={3}
            maxLength={500}
            hint="Describe what is in the picture for people who cannot see it."
            className="[&_textarea]:min-h-20"
          />
          <TagInput label="Tags" value={tags} onChange={setTags} disabled={!canEdit} />
          {canEdit ? (
            <Button onClick={save} pending={saving} disabled={!dirty || name.trim() === ''} pendingLabel="Saving…">
              Save changes
            </Button>
          ) : null}
        </div>
        <div>
          <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">Where it is used</h3>
          {item.usedBy.length === 0 ? (
            <p className="mt-1 text-sm text-zinc-500">Not used anywhere yet.</p>
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
            Download
          </a>
          {canEdit ? (
            <Button
              variant="ghost"
              size="sm"
              className="text-red-700 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950"
              onClick={() => setConfirming(true)}
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Delete
            </Button>
          ) : null}
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        title={`Delete “${item.name}”?`}
        confirmLabel="Delete file"
        pending={deleting}
        onCancel={() => setConfirming(false)}
        onConfirm={remove}
      >
        {item.usedBy.length > 0
          ? `It is still used: ${item.usedBy.map((u) => u.label).join('; ')}. Replace it there first.`
          : 'It leaves the library now and is removed for good after 30 days.'}
      </ConfirmDialog>
    </div>
  );
}
