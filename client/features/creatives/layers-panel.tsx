import {
  AlertTriangle,
  ChevronDown,
  ChevronRight,
  Eye,
  EyeOff,
  GripVertical,
  Group as GroupIcon,
  Image as ImageIcon,
  Lock,
  LockOpen,
  MousePointerClick,
  Shapes,
  Square,
  Star,
  Stamp,
  Type,
} from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent, type ReactNode } from 'react';
import { MAX_LAYERS, type CreativeDocument, type Layer } from '#common/creative/document.ts';
import { Button } from '#client/components/button.tsx';
import { expandGroups, removeLayers, renameLayer, reorderLayer, reorderLayers, setHidden, setLocked, shiftLayers } from '#client/features/creatives/arrange.ts';
import { ElementsPicker } from '#client/features/creatives/lazy-parts.tsx';
import { newIcon, newShape } from '#client/features/creatives/new-element.ts';
import { newLayer } from '#client/features/creatives/new-layer.ts';
import { Section } from '#client/features/creatives/panel-fields.tsx';
import { layerName, layerTypeLabel } from '#client/features/creatives/layer-names.ts';
import { useT } from '#client/lib/i18n-context.tsx';

const ICONS: Record<Layer['type'], ReactNode> = {
  text: <Type className="size-4" aria-hidden="true" />,
  image: <ImageIcon className="size-4" aria-hidden="true" />,
  logo: <Stamp className="size-4" aria-hidden="true" />,
  shape: <Square className="size-4" aria-hidden="true" />,
  cta: <MousePointerClick className="size-4" aria-hidden="true" />,
  icon: <Star className="size-4" aria-hidden="true" />,
};
/** The kinds added by a button of their own; shapes, lines and icons come from the Elements picker. */
const ADDABLE = ['text', 'image', 'logo', 'cta'] as const;

export interface LayersPanelProps {
  doc: CreativeDocument;
  selected: readonly string[];
  readOnly: boolean;
  palette: readonly string[];
  logoMediaId: string | null;
  onChange: (doc: CreativeDocument, group?: string) => void;
  onSelect: (ids: string[]) => void;
  /** Layers to flag as covered by the interface (safe zones). */
  flagged?: ReadonlySet<string>;
}

/** One line of the list: a group's header or a layer (front to back). */
type Row =
  { kind: 'group'; key: string; group: string; ids: string[]; layers: Layer[] } | { kind: 'layer'; key: string; layer: Layer; index: number; inGroup: boolean };

/** The rows of the list, front to back: a run of layers sharing a group gets a header above its layers. */
export function layerRows(doc: CreativeDocument, collapsed: ReadonlySet<string> = new Set()): Row[] {
  const rows: Row[] = [];
  for (let i = doc.layers.length - 1; i >= 0; i -= 1) {
    const layer = doc.layers[i]!;
    if (layer.group) {
      let start = i;
      while (start > 0 && doc.layers[start - 1]!.group === layer.group) start -= 1;
      const run = doc.layers.slice(start, i + 1).reverse();
      // ids in stacking order (back to front), layers as listed (front to back).
      // A stable key (focus follows a moved group): the group, and which run of it when it is split.
      const seen = rows.filter((r) => r.kind === 'group' && r.group === layer.group).length;
      rows.push({
        kind: 'group',
        key: `group-${layer.group}${seen ? `-${seen}` : ''}`,
        group: layer.group,
        ids: doc.layers.slice(start, i + 1).map((l) => l.id),
        layers: run,
      });
      if (!collapsed.has(layer.group)) run.forEach((l, k) => rows.push({ kind: 'layer', key: l.id, layer: l, index: i - k, inGroup: true }));
      i = start;
      continue;
    }
    rows.push({ kind: 'layer', key: layer.id, layer, index: i, inGroup: false });
  }
  return rows;
}

/** The frontmost stacking index a row covers. */
const frontIndex = (doc: CreativeDocument, row: Row) => (row.kind === 'layer' ? row.index : doc.layers.findIndex((l) => l.id === row.ids.at(-1)));

interface Drag {
  pointerId: number;
  row: Row;
  /** The gap between rows where the layer would land (0 = above the first row). */
  gap: number;
  moved: boolean;
  startY: number;
}

const iconButton =
  'grid size-7 shrink-0 place-items-center rounded text-zinc-500 hover:bg-zinc-100 focus-visible:ring-2 focus-visible:ring-accent-600 focus-visible:outline-none disabled:opacity-30 dark:text-zinc-400 dark:hover:bg-zinc-800';

/**
 * The layer list (front to back): select (Shift-click a range, Ctrl/⌘-click to add or take
 * out), show or hide, lock or unlock, rename (double-click or F2), reorder by dragging the
 * handle or with Alt+↑/↓; groups show as a header over their layers. ↑/↓ move between
 * rows, Delete removes the selected layers.
 */
export function LayersPanel({ doc, selected, readOnly, palette, logoMediaId, onChange, onSelect, flagged }: LayersPanelProps) {
  const t = useT();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [renaming, setRenaming] = useState<string | null>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [message, setMessage] = useState('');
  const [picking, setPicking] = useState(false);
  const anchor = useRef<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const hintId = useId();
  const rows = layerRows(doc, collapsed);
  const selectedSet = new Set(selected);

  const focusRow = (key: string) => {
    requestAnimationFrame(() => listRef.current?.querySelector<HTMLElement>(`[data-row-key="${CSS.escape(key)}"] [data-row-main]`)?.focus());
  };

  const select = (row: Row, event: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }) => {
    const ids = row.kind === 'group' ? row.ids : [row.layer.id];
    if (event.shiftKey && anchor.current) {
      // A range in the list's order, from the last row clicked without Shift.
      const order = rows.flatMap((r) => (r.kind === 'layer' ? [r.layer.id] : collapsed.has(r.group) ? r.ids : []));
      const from = order.indexOf(anchor.current);
      const to = order.indexOf(ids[0]!);
      if (from >= 0 && to >= 0) {
        const range = order.slice(Math.min(from, to), Math.max(from, to) + 1);
        onSelect(doc.layers.filter((l) => range.includes(l.id) || ids.includes(l.id)).map((l) => l.id));
        return;
      }
    }
    anchor.current = ids[0]!;
    if (event.ctrlKey || event.metaKey) {
      const all = ids.every((id) => selectedSet.has(id));
      onSelect(all ? selected.filter((id) => !ids.includes(id)) : [...selected, ...ids.filter((id) => !selectedSet.has(id))]);
      return;
    }
    onSelect(ids);
  };

  /** The layers a row's reorder moves: a group's, the selection when the row is in it, else the layer. */
  const blockOf = (row: Row): string[] => {
    if (row.kind === 'group') return row.ids;
    if (selectedSet.has(row.layer.id) && selected.length > 1) return expandGroups(doc, selected);
    return [row.layer.id];
  };

  const shift = (row: Row, direction: 1 | -1) => {
    const block = blockOf(row);
    const next = shiftLayers(doc, block, direction);
    if (next === doc) return;
    onChange(next);
    setMessage(t(direction === 1 ? 'creativeEditor.layers.movedForward' : 'creativeEditor.layers.movedBackward'));
    focusRow(row.key);
  };

  const onRowKey = (event: KeyboardEvent<HTMLElement>, row: Row, at: number) => {
    if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      if (!readOnly) shift(row, event.key === 'ArrowUp' ? 1 : -1);
      return;
    }
    const moveTo = { ArrowUp: at - 1, ArrowDown: at + 1, Home: 0, End: rows.length - 1 }[event.key];
    if (moveTo !== undefined) {
      event.preventDefault();
      const target = rows[Math.max(0, Math.min(rows.length - 1, moveTo))];
      if (target) focusRow(target.key);
      return;
    }
    if (readOnly) return;
    if (event.key === 'F2' && row.kind === 'layer') {
      event.preventDefault();
      setRenaming(row.layer.id);
      return;
    }
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      const ids = selected.length > 0 ? expandGroups(doc, selected) : blockOf(row);
      const next = removeLayers(doc, ids);
      if (next !== doc) {
        onChange(next);
        setMessage(t('creativeEditor.layers.deleted', { count: doc.layers.length - next.layers.length }));
      } else setMessage(t('creativeEditor.layers.lockedNoDelete'));
    }
  };

  /** Lands the dragged row in the gap: between the rows above and below it. */
  const drop = (row: Row, gap: number) => {
    const below = rows[gap];
    // The stacking index the layers go before (in front of the row below the gap; 0: at the very back).
    const position = below ? frontIndex(doc, below) + 1 : 0;
    if (row.kind === 'layer' && blockOf(row).length === 1) {
      const from = row.index;
      return reorderLayer(doc, row.layer.id, position > from ? position - 1 : position);
    }
    const block = blockOf(row);
    const before = doc.layers.slice(0, position).filter((l) => block.includes(l.id)).length;
    return reorderLayers(doc, block, position - before);
  };

  const gapAt = (clientY: number) => {
    const items = [...(listRef.current?.querySelectorAll<HTMLElement>('[data-row-key]') ?? [])];
    let gap = 0;
    for (const item of items) {
      const rect = item.getBoundingClientRect();
      if (clientY > rect.top + rect.height / 2) gap += 1;
    }
    return gap;
  };

  const onHandleDown = (event: PointerEvent<HTMLElement>, row: Row, at: number) => {
    if (readOnly || event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDrag({ pointerId: event.pointerId, row, gap: at, moved: false, startY: event.clientY });
  };
  const onHandleMove = (event: PointerEvent<HTMLElement>) => {
    if (!drag || drag.pointerId !== event.pointerId) return;
    if (!drag.moved && Math.abs(event.clientY - drag.startY) < 3) return;
    const gap = gapAt(event.clientY);
    if (gap !== drag.gap || !drag.moved) setDrag({ ...drag, gap, moved: true });
  };
  const onHandleUp = (event: PointerEvent<HTMLElement>) => {
    if (!drag || drag.pointerId !== event.pointerId) return;
    setDrag(null);
    if (!drag.moved) return;
    const next = drop(drag.row, drag.gap);
    if (next !== doc) onChange(next);
  };

  const full = doc.layers.length >= MAX_LAYERS;
  /** Adds a new layer in front and selects it (the picker closes). */
  const add = (layer: Layer) => {
    setPicking(false);
    onChange({ ...doc, layers: [...doc.layers, layer] });
    onSelect([layer.id]);
  };

  const toggleHidden = (ids: string[], hidden: boolean) => onChange(setHidden(doc, ids, hidden));
  const toggleLocked = (ids: string[], locked: boolean) => onChange(setLocked(doc, ids, locked));

  return (
    <Section
      title={t('creativeEditor.layers.title')}
      action={
        selected.length > 1 ? (
          <span className="text-xs text-zinc-500 dark:text-zinc-400">{t('creativeEditor.layers.selected', { count: selected.length })}</span>
        ) : undefined
      }
    >
      {!readOnly ? (
        <div className="flex flex-wrap gap-1.5" role="group" aria-label={t('creativeEditor.layers.add')}>
          {ADDABLE.map((type) => (
            <Button
              key={type}
              variant="secondary"
              size="sm"
              className="!h-8 !px-2"
              disabled={full}
              title={full ? t('creativeEditor.layers.max', { max: MAX_LAYERS }) : undefined}
              onClick={() => add(newLayer(doc, type, palette, logoMediaId, t))}
            >
              {ICONS[type]}
              <span>{layerTypeLabel(t, type)}</span>
            </Button>
          ))}
          <Button
            variant="secondary"
            size="sm"
            className="!h-8 !px-2"
            disabled={full}
            title={full ? t('creativeEditor.layers.max', { max: MAX_LAYERS }) : undefined}
            aria-haspopup="dialog"
            onClick={() => setPicking(true)}
          >
            <Shapes className="size-4" aria-hidden="true" />
            <span>{t('creativeEditor.elements.open')}</span>
          </Button>
          <ElementsPicker
            open={picking}
            onClose={() => setPicking(false)}
            onShape={(shape) => add(newShape(doc, shape, palette))}
            onIcon={(icon) => add(newIcon(doc, icon.name, icon.nodes, palette))}
          />
        </div>
      ) : null}
      {rows.length === 0 ? <p className="text-sm text-zinc-500 dark:text-zinc-400">{t('creativeEditor.layers.empty')}</p> : null}
      {!readOnly && rows.length > 1 ? (
        <p id={hintId} className="sr-only">
          {t('creativeEditor.layers.keysHint')}
        </p>
      ) : null}
      <ul ref={listRef} className="relative space-y-0.5" aria-label={t('creativeEditor.layers.list')}>
        {rows.map((row, at) => {
          const ids = row.kind === 'group' ? row.ids : [row.layer.id];
          const layers = row.kind === 'group' ? row.layers : [row.layer];
          const isSelected = ids.every((id) => selectedSet.has(id));
          const hidden = layers.every((l) => l.hidden);
          const locked = layers.every((l) => l.locked);
          const name = row.kind === 'group' ? t('creativeEditor.layers.groupOf', { count: row.ids.length }) : layerName(row.layer, t);
          const dropHere = drag?.moved && drag.gap === at;
          return (
            <li
              key={row.key}
              data-row-key={row.key}
              className={`relative flex items-center gap-0.5 rounded-md ${isSelected ? 'bg-accent-50 dark:bg-accent-800/25' : ''} ${row.kind === 'layer' && row.inGroup ? 'ml-5' : ''} ${drag?.row.key === row.key && drag.moved ? 'opacity-50' : ''}`}
            >
              {dropHere ? <span aria-hidden="true" data-testid="drop-line" className="absolute inset-x-0 -top-0.5 h-0.5 rounded bg-accent-600" /> : null}
              {!readOnly ? (
                <span
                  aria-hidden="true"
                  data-handle=""
                  title={t('creativeEditor.layers.dragHint')}
                  className="grid h-7 w-4 shrink-0 cursor-grab touch-none place-items-center text-zinc-400 active:cursor-grabbing"
                  onPointerDown={(event) => onHandleDown(event, row, at)}
                  onPointerMove={onHandleMove}
                  onPointerUp={onHandleUp}
                  onPointerCancel={() => setDrag(null)}
                >
                  <GripVertical className="size-3.5" />
                </span>
              ) : null}
              {row.kind === 'group' ? (
                <button
                  type="button"
                  className={iconButton}
                  aria-label={t(collapsed.has(row.group) ? 'creativeEditor.layers.unfold' : 'creativeEditor.layers.fold', { name })}
                  aria-expanded={!collapsed.has(row.group)}
                  onClick={() =>
                    setCollapsed((all) => {
                      const next = new Set(all);
                      if (next.has(row.group)) next.delete(row.group);
                      else next.add(row.group);
                      return next;
                    })
                  }
                >
                  {collapsed.has(row.group) ? (
                    <ChevronRight className="size-3.5" aria-hidden="true" />
                  ) : (
                    <ChevronDown className="size-3.5" aria-hidden="true" />
                  )}
                </button>
              ) : null}
              {renaming !== null && row.kind === 'layer' && renaming === row.layer.id ? (
                <RenameField
                  layer={row.layer}
                  onDone={(value) => {
                    setRenaming(null);
                    // Keeping the automatic name as it is does not make it a fixed name.
                    if (value !== null && !(row.layer.name === undefined && value.trim() === layerName(row.layer, t))) {
                      const next = renameLayer(doc, row.layer.id, value);
                      if (next !== doc) onChange(next);
                    }
                    focusRow(row.key);
                  }}
                />
              ) : (
                <button
                  type="button"
                  data-row-main=""
                  aria-pressed={isSelected}
                  aria-describedby={!readOnly && rows.length > 1 ? hintId : undefined}
                  title={row.kind === 'layer' && !readOnly ? t('creativeEditor.layers.renameHint') : undefined}
                  onClick={(event: MouseEvent) => select(row, event)}
                  onDoubleClick={() => !readOnly && row.kind === 'layer' && setRenaming(row.layer.id)}
                  onKeyDown={(event) => onRowKey(event, row, at)}
                  className={`flex min-w-0 flex-1 items-center gap-2 rounded-md px-1.5 py-1.5 text-left text-sm hover:bg-zinc-100 focus-visible:ring-2 focus-visible:ring-accent-600 focus-visible:outline-none dark:hover:bg-zinc-800 ${hidden ? 'text-zinc-500 italic dark:text-zinc-400' : ''}`}
                >
                  <span className="text-zinc-400" aria-hidden="true">
                    {row.kind === 'group' ? <GroupIcon className="size-4" /> : ICONS[row.layer.type]}
                  </span>
                  <span className="truncate">{name}</span>
                  {hidden ? <span className="sr-only"> {t('creativeEditor.layers.hiddenTag')}</span> : null}
                  {locked ? <span className="sr-only"> {t('creativeEditor.layers.lockedTag')}</span> : null}
                  {flagged && ids.some((id) => flagged.has(id)) ? (
                    <span className="ml-auto text-amber-600" title={t('creativeEditor.safeZones.flag')}>
                      <AlertTriangle className="size-3.5" aria-hidden="true" />
                      <span className="sr-only"> {t('creativeEditor.safeZones.flag')}</span>
                    </span>
                  ) : null}
                </button>
              )}
              {!readOnly ? (
                <>
                  <button
                    type="button"
                    className={`${iconButton} ${hidden ? 'text-zinc-900 dark:text-zinc-100' : ''}`}
                    aria-label={t(hidden ? 'creativeEditor.layers.showName' : 'creativeEditor.layers.hideName', { name })}
                    title={t(hidden ? 'creativeEditor.layers.show' : 'creativeEditor.layers.hide')}
                    onClick={() => toggleHidden(ids, !hidden)}
                  >
                    {hidden ? <EyeOff className="size-3.5" aria-hidden="true" /> : <Eye className="size-3.5" aria-hidden="true" />}
                  </button>
                  <button
                    type="button"
                    className={`${iconButton} ${locked ? 'text-zinc-900 dark:text-zinc-100' : ''}`}
                    aria-label={t(locked ? 'creativeEditor.layers.unlockName' : 'creativeEditor.layers.lockName', { name })}
                    title={t(locked ? 'creativeEditor.layers.unlock' : 'creativeEditor.layers.lock')}
                    onClick={() => toggleLocked(ids, !locked)}
                  >
                    {locked ? <Lock className="size-3.5" aria-hidden="true" /> : <LockOpen className="size-3.5" aria-hidden="true" />}
                  </button>
                </>
              ) : (
                <span className="flex shrink-0 gap-1 pr-1 text-zinc-400" aria-hidden="true">
                  {hidden ? <EyeOff className="size-3.5" /> : null}
                  {locked ? <Lock className="size-3.5" /> : null}
                </span>
              )}
            </li>
          );
        })}
        {drag?.moved && drag.gap === rows.length ? <li aria-hidden="true" data-testid="drop-line" className="h-0.5 rounded bg-accent-600" /> : null}
      </ul>
      <span role="status" aria-live="polite" className="sr-only">
        {message}
      </span>
    </Section>
  );
}

function RenameField({ layer, onDone }: { layer: Layer; onDone: (value: string | null) => void }) {
  const t = useT();
  const [value, setValue] = useState(layer.name ?? layerName(layer, t));
  const done = useRef(false);
  const finish = (result: string | null) => {
    if (done.current) return;
    done.current = true;
    onDone(result);
  };
  return (
    <input
      aria-label={t('creativeEditor.layers.renameLabel', { name: layerName(layer, t) })}
      // eslint-disable-next-line jsx-a11y/no-autofocus -- the field appears because the user asked to rename
      autoFocus
      maxLength={60}
      value={value}
      onChange={(event) => setValue(event.target.value)}
      onFocus={(event) => event.target.select()}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          finish(value);
        } else if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          finish(null);
        }
      }}
      onBlur={() => finish(value)}
      className="h-8 min-w-0 flex-1 rounded-md border border-accent-600 bg-white px-1.5 text-sm outline-none dark:bg-zinc-900"
    />
  );
}
