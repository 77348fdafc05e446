import { HelpCircle, PanelLeftClose, PanelLeftOpen, PanelRightClose, PanelRightOpen } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '#client/lib/i18n-context.tsx';

/** The grid of the editor's three columns, by which side panels are open (L, R) on a wide screen. */
export const GRID: Record<string, string> = {
  LR: 'lg:grid-cols-[15rem_minmax(0,1fr)_16rem] 2xl:grid-cols-[17rem_minmax(0,1fr)_19rem]',
  L: 'lg:grid-cols-[15rem_minmax(0,1fr)] 2xl:grid-cols-[17rem_minmax(0,1fr)]',
  R: 'lg:grid-cols-[minmax(0,1fr)_16rem] 2xl:grid-cols-[minmax(0,1fr)_19rem]',
  '': 'lg:grid-cols-[minmax(0,1fr)]',
};

const PANELS_KEY = 'adloom:editor-panels';

/** Which side panels are open, remembered in this browser. */
export function usePanels(): [{ left: boolean; right: boolean }, (next: { left: boolean; right: boolean }) => void] {
  const [panels, setPanels] = useState(() => {
    try {
      const stored = JSON.parse(localStorage.getItem(PANELS_KEY) ?? 'null') as { left?: unknown; right?: unknown } | null;
      return { left: stored?.left !== false, right: stored?.right !== false };
    } catch {
      return { left: true, right: true };
    }
  });
  const set = (next: { left: boolean; right: boolean }) => {
    setPanels(next);
    try {
      localStorage.setItem(PANELS_KEY, JSON.stringify(next));
    } catch {
      // Private mode: the choice lasts for this visit.
    }
  };
  return [panels, set];
}

/** Shows or hides a side panel (on a wide screen; a narrow one stacks them under the canvas). */
export function PanelToggle({ side, open, onToggle }: { side: 'left' | 'right'; open: boolean; onToggle: () => void }) {
  const t = useT();
  const Icon = side === 'left' ? (open ? PanelLeftClose : PanelLeftOpen) : open ? PanelRightClose : PanelRightOpen;
  const label =
    side === 'left'
      ? t(open ? 'creativeEditor.chrome.hideLayers' : 'creativeEditor.chrome.showLayers')
      : t(open ? 'creativeEditor.chrome.hideProperties' : 'creativeEditor.chrome.showProperties');
  return (
    <button
      type="button"
      aria-label={label}
      aria-expanded={open}
      title={label}
      onClick={onToggle}
      className={`hidden size-8 items-center justify-center rounded-md text-zinc-700 hover:bg-zinc-100 focus-visible:ring-2 focus-visible:ring-accent-600 focus-visible:outline-none lg:inline-flex dark:text-zinc-300 dark:hover:bg-zinc-800`}
    >
      <Icon className="size-4" aria-hidden="true" />
    </button>
  );
}

/** The canvas's gestures and shortcuts behind a "?" button in the canvas toolbar: a popover that Escape, a second press or a click elsewhere closes. */
export function CanvasHelp() {
  const t = useT();
  const [open, setOpen] = useState(false);
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);
  return (
    <div ref={ref}>
      <button
        type="button"
        aria-label={t('creativeEditor.chrome.help')}
        aria-expanded={open}
        aria-controls={id}
        title={t('creativeEditor.chrome.help')}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) {
            event.stopPropagation();
            setOpen(false);
          }
        }}
        className="inline-flex size-8 items-center justify-center rounded-md text-zinc-700 hover:bg-zinc-100 focus-visible:ring-2 focus-visible:ring-accent-600 focus-visible:outline-none aria-expanded:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:aria-expanded:bg-zinc-800"
      >
        <HelpCircle className="size-4" aria-hidden="true" />
      </button>
      <p
        id={id}
        role="note"
        hidden={!open}
        className="absolute top-12 right-2 z-40 w-72 max-w-[calc(100vw-2rem)] rounded-lg border border-zinc-200 bg-white p-3 text-xs text-zinc-700 shadow-lg dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300"
      >
        {t('creativeEditor.chrome.helpText')}
      </p>
    </div>
  );
}
