import { useState } from 'react';
import { useNavigate } from 'react-router';
import { mediaIdsOf, replaceMedia, type CreativeDocument } from '#common/creative/document.ts';
import { Alert } from '#client/components/alert.tsx';
import { Button } from '#client/components/button.tsx';
import { Dialog } from '#client/components/dialog.tsx';
import { RenderProgress } from '#client/features/creatives/render-progress.tsx';
import { inputClass } from '#client/features/creatives/panel-fields.tsx';
import { LOCAL } from '#client/features/creatives/playground-first-creative.ts';
import { api, call } from '#client/lib/api.ts';
import { errorMessage } from '#client/lib/http.ts';
import { uploadFile } from '#client/lib/media-library.ts';
import { useResource } from '#client/lib/use-resource.ts';
import { useT } from '#client/lib/i18n-context.tsx';

function dataUrlToFile(dataUrl: string, name: string): File {
  const [head, body = ''] = dataUrl.split(',');
  const mime = /data:([^;]+)/.exec(head ?? '')?.[1] ?? 'image/png';
  const bytes = Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
  return new File([bytes], `${name}.${mime.split('/')[1] ?? 'png'}`, { type: mime });
}

/**
 * Signed in (loaded when opened, outside the playground's chunk): the playground's work becomes a draft
 * creative in one of the user's projects.
 */
export function SaveDialog({ open, doc, image, onClose }: { open: boolean; doc: CreativeDocument; image: string | null; onClose: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const projects = useResource(() => (open ? call(api.api.projects.$get({ query: {} })) : Promise.resolve({ items: [], nextCursor: null })), [open]);
  const [projectId, setProjectId] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const editable = projects.status === 'ready' ? projects.data.items.filter((p) => p.role !== 'viewer' && !p.archived) : [];
  const chosen = projectId || editable[0]?.id || '';

  const save = async () => {
    if (!chosen) return;
    setError(null);
    setProgress(0);
    try {
      let saved = doc;
      const usesImage = mediaIdsOf(doc).includes(LOCAL);
      if (image && usesImage) {
        const { media } = await uploadFile(chosen, dataUrlToFile(image, 'playground-picture'), (f) => setProgress(f * 0.8), new AbortController().signal);
        saved = replaceMedia(doc, LOCAL, media.id);
      } else if (usesImage) {
        saved = replaceMedia(doc, LOCAL, null);
      }
      setProgress(0.9);
      const created = await call(
        api.api.projects[':projectId'].creatives.$post({
          param: { projectId: chosen },
          json: { template: saved.template, format: saved.format, document: saved },
        }),
      );
      void navigate(`/creatives/${created.id}`);
    } catch (e) {
      setError(errorMessage(e, t('library.save.failed')));
      setProgress(null);
    }
  };

  return (
    <Dialog open={open} title={t('library.save.title')} onClose={onClose}>
      {projects.status === 'loading' ? <p role="status">{t('library.save.loading')}</p> : null}
      {projects.status === 'error' ? <Alert tone="danger">{errorMessage(projects.error, t('library.save.projectsFailed'))}</Alert> : null}
      {projects.status === 'ready' && editable.length === 0 ? (
        <p className="text-sm">
          {t('library.save.noProject')}{' '}
          <a href="/projects" className="font-medium text-accent-700 underline">
            {t('library.save.createProject')}
          </a>{' '}
          {t('library.save.noProjectAfter')}
        </p>
      ) : null}
      {editable.length > 0 ? (
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <label className="block text-sm font-medium" htmlFor="save-project">
            {t('library.save.project')}
          </label>
          <select id="save-project" className={inputClass} value={chosen} onChange={(event) => setProjectId(event.target.value)}>
            {editable.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
          <p className="text-xs text-zinc-500">{image ? t('library.save.becomesWithPicture') : t('library.save.becomes')}</p>
          {progress !== null ? <RenderProgress progress={progress} /> : null}
          {error ? <Alert tone="danger">{error}</Alert> : null}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              {t('library.save.cancel')}
            </Button>
            <Button type="submit" pending={progress !== null} pendingLabel={t('library.save.saving')}>
              {t('library.save.save')}
            </Button>
          </div>
        </form>
      ) : null}
    </Dialog>
  );
}
