import { X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '#client/components/button.tsx';
import { useT } from '#client/lib/i18n-context.tsx';

interface Panel {
  /** The landmark's name ("Properties"). */
  label: string;
  children: ReactNode;
}

/** What a narrow screen shows of a switching editor: its panels or its main area. */
export type PanelsView = 'edit' | 'preview';

const SIDE = 'min-w-0 border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-950';

/**
 * An editor's columns under its header: a side panel, the main area (the canvas or the preview)
 * and a side panel, side by side from 1024 px (lg; `columns` sets their widths). Narrower (a
 * 390 px phone), either an Edit / Preview switch shows the two panels or the main area
 * (`narrow="switch"`: the page and presentation editors), or the panels stack under the main
 * area (`narrow="stack"`: the creative editor, whose canvas comes first). `open` hides a side
 * panel on a wide screen.
 */
export function EditorPanels({
  left,
  main,
  right,
  columns,
  narrow,
  open = { left: true, right: true },
  view: shownView,
  onView,
}: {
  left: Panel;
  /** `className`: the main area's own spacing ("p-4"). */
  main: Panel & { className: string };
  right: Panel;
  columns: string;
  narrow: 'switch' | 'stack';
  open?: { left: boolean; right: boolean };
  /** The narrow screen's Edit / Preview choice, when the editor decides it too (its own state otherwise). */
  view?: PanelsView;
  onView?: (view: PanelsView) => void;
}) {
  const t = useT();
  const [ownView, setOwnView] = useState<PanelsView>('edit');
  const view = shownView ?? ownView;
  const setView = onView ?? setOwnView;
  const stack = narrow === 'stack';
  // A closed panel hides on a wide screen; on a narrow one, the view not chosen hides.
  // eslint-disable-next-line lingui/no-unlocalized-strings -- CSS classes
  const hidden = (shown: boolean) => `${shown ? '' : ' lg:hidden'}${!stack && view === 'preview' ? ' hidden lg:block' : ''}`;
  return (
    <>
      {stack ? null : (
        <div
          role="group"
          aria-label={t('editor.panels.show')}
          className="flex gap-1 border-b border-zinc-200 bg-white px-4 py-2 lg:hidden dark:border-zinc-800 dark:bg-zinc-950"
        >
          {(['edit', 'preview'] as const).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={view === option}
              onClick={() => setView(option)}
              className={`h-8 rounded-md px-3 text-sm font-medium ${view === option ? 'bg-zinc-900 text-white dark:bg-white dark:text-zinc-900' : 'text-zinc-700 dark:text-zinc-300'}`}
            >
              {option === 'edit' ? t('editor.panels.edit') : t('editor.panels.preview')}
            </button>
          ))}
        </div>
      )}
      <div className={`grid flex-1 grid-cols-1 ${columns}`}>
        <aside aria-label={left.label} className={`${stack ? 'order-2 lg:order-1' : ''} ${SIDE} lg:border-r${hidden(open.left)}`}>
          {left.children}
        </aside>
        {/* A region, not <main>: the workspace shell around the editor has the page's main landmark. */}
        <section
          aria-label={main.label}
          className={`${stack ? 'order-1 lg:order-2' : ''} min-w-0 bg-zinc-100 dark:bg-zinc-900 ${main.className} ${!stack && view === 'edit' ? 'hidden lg:block' : ''}`}
        >
          {main.children}
        </section>
        <aside aria-label={right.label} className={`${stack ? 'order-3' : ''} ${SIDE} lg:border-l${hidden(open.right)}`}>
          {right.children}
        </aside>
      </div>
    </>
  );
}

/** A side panel's view of the selected block or section: its kind as the heading, a close button (Escape does the same), its form. */
export function PartPanel({
  id,
  title,
  closeLabel,
  onClose,
  children,
}: {
  id: string;
  title: string;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <section className="px-4 py-4" aria-labelledby={`panel-${id}`}>
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id={`panel-${id}`} className="text-sm font-semibold">
          {title}
        </h2>
        <Button variant="ghost" size="sm" aria-label={closeLabel} onClick={onClose}>
          <X className="size-4" aria-hidden="true" />
        </Button>
      </div>
      {children}
    </section>
  );
}

/** The selected part as the right-hand panel shows it (see `PartPanel`), with its form. */
interface SelectedPart {
  id: string;
  title: string;
  closeLabel: string;
  form: ReactNode;
}

/**
 * The page and presentation editors' columns: the list of parts (blocks, sections) on the left,
 * the preview in the middle, and on the right the selected part's properties or, when none is
 * selected, the document's own settings. Below 1024 px an Edit / Preview switch chooses.
 */
export function PartsEditorPanels({
  listLabel,
  list,
  preview,
  selected,
  onDeselect,
  settings,
  view,
  onView,
}: {
  /** The left panel's landmark name ("Sections"). */
  listLabel: string;
  list: ReactNode;
  preview: ReactNode;
  selected: SelectedPart | null;
  onDeselect: () => void;
  settings: ReactNode;
  /** See `EditorPanels`: set by an editor that moves to a part's field from elsewhere (the checklist's "Go to"). */
  view?: PanelsView;
  onView?: (view: PanelsView) => void;
}) {
  const t = useT();
  return (
    <EditorPanels
      narrow="switch"
      view={view}
      onView={onView}
      columns="lg:grid-cols-[17rem_minmax(0,1fr)_20rem]"
      left={{ label: listLabel, children: list }}
      main={{ label: t('editor.panels.preview'), className: 'p-4', children: preview }}
      right={{
        label: t('editor.panels.properties'),
        children: selected ? (
          <PartPanel id={selected.id} title={selected.title} closeLabel={selected.closeLabel} onClose={onDeselect}>
            {selected.form}
          </PartPanel>
        ) : (
          settings
        ),
      }}
    />
  );
}
