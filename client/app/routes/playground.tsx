import { Download, ImagePlus, Redo2, Save, Undo2 } from 'lucide-react';
import { lazy, Suspense, useEffect, useReducer, useRef, useState } from 'react';
import { creativeDocument, paletteOf, type CreativeDocument, type FormatId } from '#common/creative/document.ts';
import type { Locale } from '#common/i18n/locales.ts';
import { localePath } from '#common/i18n/paths.ts';
import { PLAYGROUND_IMAGE_MAX_BYTES } from '#common/schemas/creatives.ts';
import { Alert } from '#client/components/alert.tsx';
import { Button, buttonClass } from '#client/components/button.tsx';
import { Logo } from '#client/components/logo.tsx';
import LoginLink from '#client/public/auth/login-link.tsx';
import { RenderProgress, useWaitProgress } from '#client/features/creatives/render-progress.tsx';
import { ArrangeToolbar } from '#client/features/creatives/arrange-toolbar.tsx';
import { BackgroundPanel, FormatPanel, PropertiesPanel } from '#client/features/creatives/editor-panels.tsx';
import { EditorStage } from '#client/features/creatives/editor-stage.tsx';
import { LayersPanel } from '#client/features/creatives/layers-panel.tsx';
import { editorReducer, initialEditorState, singleSelection, updateLayer } from '#client/features/creatives/editor-state.ts';
import { BRAND, FIRST_CREATIVE, LOCAL, withPicture } from '#client/features/creatives/playground-first-creative.ts';
import { playgroundTemplates, TemplateGallery, type PlaygroundTemplates } from '#client/features/creatives/playground-gallery.tsx';
import { api, call } from '#client/lib/api.ts';
import { useResource } from '#client/lib/use-resource.ts';
import { useSession } from '#client/lib/session.tsx';
import { useFormat } from '#client/lib/format.ts';
import { useI18n, useT } from '#client/lib/i18n-context.tsx';
import { formatInText } from '#client/features/creatives/library-words.ts';

const SaveDialog = lazy(() => import('#client/features/creatives/playground-save-dialog.tsx').then((m) => ({ default: m.SaveDialog })));

const STORAGE_KEY = 'adloom.playground.v1';
const IMAGE_KEY = 'adloom.playground.v1.picture';

interface Stored {
  doc: CreativeDocument;
  image: string | null;
}

/** The visitor's work stays in this browser (localStorage), never on the server. */
function loadStored(): Stored {
  try {
    const raw = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as { doc?: unknown } | null;
    const image = localStorage.getItem(IMAGE_KEY);
    const doc = creativeDocument.safeParse(raw?.doc);
    if (doc.success) return { doc: doc.data, image: image?.startsWith('data:image/') ? image : null };
  } catch {
    // private mode or a damaged entry: start fresh
  }
  return { doc: withPicture(FIRST_CREATIVE), image: null };
}

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** `/playground`: the creative editor for everyone, no account needed (PRODUCT.md §2). */
export default function Playground() {
  const t = useT();
  const format = useFormat();
  // The site's links in the playground's language (`/de`, `/de/playground` on its German page).
  const locale = useI18n().locale as Locale;
  const { user } = useSession();
  const [stored] = useState(loadStored);
  const [state, dispatch] = useReducer(editorReducer, stored.doc, initialEditorState);
  const [image, setImage] = useState<string | null>(stored.image);
  const [dragging, setDragging] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'danger' | 'info' | 'success'; text: string; signup?: boolean } | null>(null);
  const downloading = useWaitProgress();
  const [saving, setSaving] = useState(false);
  // The save dialog's code comes when it is first opened, and stays for its closing.
  const [saveOpened, setSaveOpened] = useState(false);
  const tools = playgroundTemplates.useModule();
  const fileInput = useRef<HTMLInputElement>(null);
  const quota = useResource(() => call(api.api.playground.quota.$get()), []);
  const doc = state.present;
  const images = image ? { [LOCAL]: image } : {};
  const palette = paletteOf(BRAND.colors);

  // The document is written half a second after the last change (not at every step of a drag),
  // and at once when the page goes away…
  const docRef = useRef(doc);
  useEffect(() => {
    docRef.current = doc;
  }, [doc]);
  useEffect(() => {
    const write = () => {
      try {
        localStorage.setItem(STORAGE_KEY, JSON.stringify({ doc: docRef.current }));
      } catch {
        // storage off: the work lives until the tab closes
      }
    };
    const timer = setTimeout(write, 500);
    window.addEventListener('pagehide', write);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pagehide', write);
    };
  }, [doc]);
  // …and when the playground is left for another screen of the app.
  useEffect(
    () => () => {
      try {
        localStorage.setItem(STORAGE_KEY, JSON.stringify({ doc: docRef.current }));
      } catch {
        // storage off
      }
    },
    [],
  );
  // …and the picture (megabytes) only when it changes; one too large for the storage is kept for this tab only.
  useEffect(() => {
    try {
      if (image) localStorage.setItem(IMAGE_KEY, image);
      else localStorage.removeItem(IMAGE_KEY);
    } catch {
      localStorage.removeItem(IMAGE_KEY);
    }
  }, [image]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || (event.target instanceof HTMLElement && event.target.closest('input, textarea, select'))) return;
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z') {
        event.preventDefault();
        dispatch({ type: event.shiftKey ? 'redo' : 'undo' });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const onChange = (next: CreativeDocument, group?: string) => {
    // Changes waiting on the templates apply to the latest document, one after the other.
    docRef.current = next;
    dispatch({ type: 'change', value: next, ...(group ? { group } : {}) });
  };
  /** Uses the templates: at once once they are here, else when they have come (a click before the gallery has drawn). */
  const withTemplates = (apply: (templates: PlaygroundTemplates) => void) => {
    if (tools) apply(tools);
    else playgroundTemplates.load().then(apply, () => setNotice({ tone: 'danger', text: t('library.playground.offline') }));
  };

  const takePicture = async (file: File | undefined) => {
    if (!file) return;
    if (!/^image\/(png|jpeg|webp|gif)$/.test(file.type)) {
      setNotice({ tone: 'danger', text: t('library.playground.wrongType') });
      return;
    }
    if (file.size > PLAYGROUND_IMAGE_MAX_BYTES) {
      setNotice({ tone: 'danger', text: t('library.playground.tooLarge', { size: format.bytes(file.size), max: format.bytes(PLAYGROUND_IMAGE_MAX_BYTES) }) });
      return;
    }
    setNotice(null);
    setImage(await readAsDataUrl(file));
    const selected = doc.layers.find((l) => l.id === singleSelection(state.selected));
    if (selected && (selected.type === 'image' || selected.type === 'logo')) onChange(updateLayer(doc, selected.id, { mediaId: LOCAL }));
    else withTemplates((templates) => onChange(templates.withLocalPicture(docRef.current)));
  };

  const pickTemplate = (id: string) => {
    const copy: Record<string, string> = {};
    for (const layer of doc.layers) {
      if (layer.type === 'text' && (layer.slot === 'headline' || layer.slot === 'body') && !copy[layer.slot]) copy[layer.slot] = layer.text;
      if (layer.type === 'cta' && !copy.cta) copy.cta = layer.text;
    }
    withTemplates((templates) => onChange(templates.templateWithPicture(id, docRef.current.format, image !== null, copy)));
  };

  const download = async () => {
    setNotice(null);
    try {
      await downloading.track(async () => {
        const response = await fetch('/api/playground/render', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ document: doc, ...(image ? { image } : {}) }),
        });
        if (!response.ok) {
          const body = (await response.json().catch(() => null)) as { error?: { message?: string; code?: string; details?: Record<string, string[]> } } | null;
          // A 429 for a renderer busy a moment (details `renderer_busy`) is not the day's downloads used up.
          const usedUp = response.status === 429 && !body?.error?.details?._?.includes('renderer_busy');
          setNotice({ tone: 'danger', text: body?.error?.message ?? t('library.playground.renderFailed'), signup: usedUp });
          return;
        }
        const url = URL.createObjectURL(await response.blob());
        const link = document.createElement('a');
        link.href = url;
        link.download = `adloom-playground-${doc.format}.png`;
        document.body.appendChild(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
        const remaining = Number(response.headers.get('x-downloads-remaining'));
        if (Number.isFinite(remaining) && quota.status === 'ready') quota.setData({ ...quota.data, remaining });
      });
    } catch {
      setNotice({ tone: 'danger', text: t('library.playground.offline') });
    }
  };

  const remaining = quota.status === 'ready' ? quota.data.remaining : null;

  return (
    <div className="app-root flex min-h-screen flex-col">
      <header className="flex h-16 items-center justify-between gap-3 border-b border-zinc-200 bg-white px-4 sm:px-6 dark:border-zinc-800 dark:bg-zinc-900">
        {/* At 390 px the logo's word, the title and both links do not fit: the word goes, the title may truncate, the links keep their line. */}
        <div className="flex min-w-0 items-center gap-3">
          <a href={localePath(locale, '/')} aria-label={t('library.playground.home')} className="shrink-0">
            <Logo className="text-lg" wordClassName="max-sm:sr-only" />
          </a>
          <h1 className="truncate text-base font-semibold">{t('library.playground.title')}</h1>
        </div>
        <nav aria-label={t('library.playground.title')} className="flex shrink-0 items-center gap-2">
          {user ? (
            <a className={`${buttonClass('secondary', 'sm')} whitespace-nowrap`} href="/dashboard">
              {t('library.playground.openWorkspace')}
            </a>
          ) : (
            <>
              <LoginLink label={t('library.playground.logIn')} next={localePath(locale, '/playground')} look="app-nav" />
              <LoginLink label={t('library.playground.startFree')} next="/dashboard" tab="signup" look="button" />
            </>
          )}
        </nav>
      </header>
      <div className="flex flex-wrap items-center gap-2 border-b border-zinc-200 bg-white px-4 py-2 dark:border-zinc-800 dark:bg-zinc-950">
        <p className="mr-auto text-sm text-zinc-600 dark:text-zinc-400">{t('library.playground.intro')}</p>
        <Button
          variant="ghost"
          size="sm"
          aria-label={t('library.playground.undo')}
          disabled={state.past.length === 0}
          onClick={() => dispatch({ type: 'undo' })}
        >
          <Undo2 className="size-4" aria-hidden="true" />
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={t('library.playground.redo')}
          disabled={state.future.length === 0}
          onClick={() => dispatch({ type: 'redo' })}
        >
          <Redo2 className="size-4" aria-hidden="true" />
        </Button>
        <Button variant="secondary" size="sm" onClick={() => fileInput.current?.click()}>
          <ImagePlus className="size-4" aria-hidden="true" /> {image ? t('library.playground.changePicture') : t('library.playground.addPicture')}
        </Button>
        {user ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setSaveOpened(true);
              setSaving(true);
            }}
          >
            <Save className="size-4" aria-hidden="true" /> {t('library.playground.saveToProject')}
          </Button>
        ) : null}
        <Button
          size="sm"
          onClick={() => void download()}
          pending={downloading.progress !== null}
          pendingLabel={t('library.playground.rendering')}
          disabled={remaining === 0}
        >
          <Download className="size-4" aria-hidden="true" /> {t('library.playground.download')}
        </Button>
        <span className="text-xs text-zinc-500" aria-live="polite">
          {quota.status === 'ready' ? t('library.playground.downloadsLeft', { remaining: quota.data.remaining, total: quota.data.limit }) : ''}
        </span>
        {downloading.progress !== null ? <RenderProgress progress={downloading.progress} /> : null}
      </div>
      {notice ? (
        <Alert tone={notice.tone} className="m-4 mb-0">
          {notice.text} {notice.signup && !user ? <LoginLink label={t('library.playground.signUp')} next="/creatives" tab="signup" look="app-nav" /> : null}
        </Alert>
      ) : null}
      <input
        ref={fileInput}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => void takePicture(event.target.files?.[0]).finally(() => (event.target.value = ''))}
      />
      <div className="grid flex-1 grid-cols-1 lg:grid-cols-[17rem_minmax(0,1fr)_19rem]">
        <aside
          aria-label={t('library.playground.sidebar')}
          className="order-2 min-w-0 border-zinc-200 bg-white lg:order-1 lg:border-r dark:border-zinc-800 dark:bg-zinc-950"
        >
          <TemplateGallery tools={tools} current={doc.template} images={images} hasPicture={image !== null} onPick={pickTemplate} />
          <FormatPanel
            doc={doc}
            readOnly={false}
            onFormat={(format: FormatId) => format !== doc.format && withTemplates((templates) => onChange(templates.inFormat(docRef.current, format)))}
          />
          <BackgroundPanel
            doc={doc}
            readOnly={false}
            palette={BRAND.colors}
            onChange={onChange}
            onPickImage={() => fileInput.current?.click()}
            pictureLabel={t('library.playground.addPicture')}
          />
        </aside>
        <main
          className={`order-1 min-w-0 bg-zinc-100 lg:order-2 dark:bg-zinc-900 ${dragging ? 'outline-2 -outline-offset-8 outline-accent-600 outline-dashed' : ''}`}
          aria-label={t('library.playground.canvas', { format: formatInText(t, doc.format) })}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            event.preventDefault();
            setDragging(false);
            void takePicture(event.dataTransfer.files[0]);
          }}
        >
          <EditorStage
            doc={doc}
            images={images}
            selected={state.selected}
            readOnly={false}
            onSelect={(ids) => dispatch({ type: 'select', ids })}
            onChange={onChange}
            onSeal={() => dispatch({ type: 'seal' })}
            onUndo={() => dispatch({ type: 'undo' })}
            onRedo={() => dispatch({ type: 'redo' })}
            toolbar={<ArrangeToolbar doc={doc} selected={state.selected} readOnly={false} onChange={onChange} />}
          />
          <p className="px-4 pb-4 text-center text-xs text-zinc-600 dark:text-zinc-400">{t('library.playground.canvasHint')}</p>
        </main>
        <aside
          aria-label={t('library.playground.properties')}
          className="order-3 min-w-0 border-zinc-200 bg-white lg:border-l dark:border-zinc-800 dark:bg-zinc-950"
        >
          <PropertiesPanel
            doc={doc}
            selected={singleSelection(state.selected)}
            readOnly={false}
            palette={BRAND.colors}
            onChange={onChange}
            onPickImage={() => fileInput.current?.click()}
            pictureLabel={t('library.playground.addPicture')}
          />
          <LayersPanel
            doc={doc}
            selected={state.selected}
            readOnly={false}
            palette={[palette.primary, palette.secondary, palette.accent]}
            logoMediaId={null}
            onChange={onChange}
            onSelect={(ids) => dispatch({ type: 'select', ids })}
          />
        </aside>
      </div>
      {user && saveOpened ? (
        <Suspense fallback={null}>
          <SaveDialog open={saving} doc={doc} image={image} onClose={() => setSaving(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
