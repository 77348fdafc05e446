import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation, useNavigate, useOutletContext, useParams } from 'react-router';
import { CloseButton, ModalDialog } from '#client/components/modal-dialog.tsx';
import { useT } from '#client/lib/i18n-context.tsx';
import { MediaDetail } from '#client/features/media/media-detail.tsx';
import type { ProjectOutletContext } from '#client/app/routes/project.tsx';

/**
 * `/projects/{projectId}/media/{objectId}`: the media detail as a modal over the project
 * page. Back, Escape or the close button return to the grid (as it was); the arrow keys
 * move to the previous or next file of the grid.
 */
export default function ProjectMedia() {
  const { projectId = '', objectId = '' } = useParams();
  const { items, onChanged, onDeleted } = useOutletContext<ProjectOutletContext>();
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const fromGrid = (location.state as { fromGrid?: boolean } | null)?.fromGrid === true;
  const index = items.findIndex((item) => item.id === objectId);
  const previous = index > 0 ? items[index - 1] : undefined;
  const next = index >= 0 && index < items.length - 1 ? items[index + 1] : undefined;

  const close = () => {
    if (fromGrid) navigate(-1);
    else navigate({ pathname: `/projects/${projectId}/`, search: location.search }, { replace: true });
  };
  const go = (id: string) => {
    navigate({ pathname: `/projects/${projectId}/media/${id}`, search: location.search }, { replace: true, state: location.state });
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (target.closest('input, textarea, select, [contenteditable], video')) return;
      if (event.key === 'ArrowLeft' && previous) go(previous.id);
      if (event.key === 'ArrowRight' && next) go(next.id);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <ModalDialog open onClose={close} labelledBy="media-title" className="w-[min(72rem,calc(100vw-2rem))] p-0">
      <div className="flex items-center justify-between gap-2 border-b border-zinc-200 px-4 py-2 dark:border-zinc-800">
        <div className="flex items-center gap-1">
          {(
            [
              [previous, t('media.detail.previous'), ChevronLeft],
              [next, t('media.detail.next'), ChevronRight],
            ] as const
          ).map(([target, label, Icon]) => (
            <button
              key={label}
              type="button"
              disabled={!target}
              onClick={() => target && go(target.id)}
              aria-label={label}
              className="grid size-9 place-items-center rounded-md text-zinc-600 hover:bg-zinc-100 disabled:opacity-30 dark:text-zinc-300 dark:hover:bg-zinc-800"
            >
              <Icon aria-hidden="true" className="size-5" />
            </button>
          ))}
          {index >= 0 ? <span className="ml-1 text-xs text-zinc-500">{t('media.detail.position', { index: index + 1, count: items.length })}</span> : null}
        </div>
        <CloseButton onClose={close} className="" />
      </div>
      <div className="max-h-[calc(100vh-8rem)] overflow-y-auto p-4 sm:p-6">
        <MediaDetail
          mediaId={objectId}
          headingId="media-title"
          onChanged={onChanged}
          onDeleted={() => {
            onDeleted(objectId);
            navigate({ pathname: `/projects/${projectId}/`, search: location.search }, { replace: true });
          }}
        />
      </div>
    </ModalDialog>
  );
}
