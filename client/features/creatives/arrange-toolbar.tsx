import {
  AlignCenterHorizontal,
  AlignCenterVertical,
  AlignEndHorizontal,
  AlignEndVertical,
  AlignHorizontalDistributeCenter,
  AlignStartHorizontal,
  AlignStartVertical,
  AlignVerticalDistributeCenter,
  Group,
  Lock,
  LockOpen,
  Ungroup,
} from 'lucide-react';
import type { I18n } from '@lingui/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { CreativeDocument } from '#common/creative/document.ts';
import {
  alignLayers,
  canDistribute,
  distributeLayers,
  expandGroups,
  groupLayers,
  setLocked,
  ungroupLayers,
  unitsOf,
  type AlignEdge,
  type Axis,
} from '#client/features/creatives/arrange.ts';
import { isTyping } from '#client/lib/keyboard.ts';
import { useT } from '#client/lib/i18n-context.tsx';

export interface ArrangeProps {
  doc: CreativeDocument;
  selected: readonly string[];
  readOnly: boolean;
  onChange: (doc: CreativeDocument, group?: string) => void;
}

/** The align buttons; their labels are the catalog's (`creativeEditor.arrange.align` by edge). */
const ALIGN: { edge: AlignEdge; key: string; icon: ReactNode }[] = [
  { edge: 'left', key: 'Alt+A', icon: <AlignStartVertical className="size-4" aria-hidden="true" /> },
  { edge: 'center', key: 'Alt+H', icon: <AlignCenterVertical className="size-4" aria-hidden="true" /> },
  { edge: 'right', key: 'Alt+D', icon: <AlignEndVertical className="size-4" aria-hidden="true" /> },
  { edge: 'top', key: 'Alt+W', icon: <AlignStartHorizontal className="size-4" aria-hidden="true" /> },
  { edge: 'middle', key: 'Alt+V', icon: <AlignCenterHorizontal className="size-4" aria-hidden="true" /> },
  { edge: 'bottom', key: 'Alt+S', icon: <AlignEndHorizontal className="size-4" aria-hidden="true" /> },
];
/** The other tools' shortcuts: key names, shown as they are in every language. */
const KEYS = {
  distributeX: { key: 'Alt+Shift+H' },
  distributeY: { key: 'Alt+Shift+V' },
  group: { key: 'Ctrl+G' },
  ungroup: { key: 'Ctrl+Shift+G' },
  lock: { key: 'Ctrl+Shift+L' },
};
const ALIGN_CODES: Record<string, AlignEdge> = { KeyA: 'left', KeyH: 'center', KeyD: 'right', KeyW: 'top', KeyV: 'middle', KeyS: 'bottom' };

/** What the selection allows (shared by the buttons and the shortcuts). */
export function arrangeState(doc: CreativeDocument, selected: readonly string[]) {
  const units = unitsOf(doc, selected);
  const movable = units.filter((u) => !u.locked);
  const layers = doc.layers.filter((l) => selected.includes(l.id));
  const groups = new Set(expandGroups(doc, selected).map((id) => doc.layers.find((l) => l.id === id)?.group));
  return {
    units,
    canAlign: movable.length > 0,
    canDistribute: canDistribute(doc, selected),
    // Two things or more that are not already one group.
    canGroup: expandGroups(doc, selected).length >= 2 && (groups.size > 1 || groups.has(undefined)),
    canUngroup: layers.some((l) => l.group !== undefined),
    allLocked: layers.length > 0 && layers.every((l) => l.locked),
  };
}

export type ArrangeCommand =
  { type: 'align'; edge: AlignEdge } | { type: 'distribute'; axis: Axis } | { type: 'group' } | { type: 'ungroup' } | { type: 'lock'; locked?: boolean };

/** The document after a command, and what to announce (in `t`'s language); null when the selection does not allow it. */
export function runArrange(
  doc: CreativeDocument,
  selected: readonly string[],
  command: ArrangeCommand,
  t: I18n['_'],
): { doc: CreativeDocument; message: string } | null {
  const state = arrangeState(doc, selected);
  switch (command.type) {
    case 'align': {
      if (!state.canAlign) return null;
      const message =
        state.units.length === 1
          ? t('creativeEditor.arrange.alignedCanvas', { edge: command.edge })
          : t('creativeEditor.arrange.alignedItems', { edge: command.edge, count: state.units.length });
      return { doc: alignLayers(doc, selected, command.edge), message };
    }
    case 'distribute':
      if (!state.canDistribute) return null;
      return {
        doc: distributeLayers(doc, selected, command.axis),
        message: t(command.axis === 'x' ? 'creativeEditor.arrange.distributedAcross' : 'creativeEditor.arrange.distributedDown', {
          count: state.units.filter((u) => !u.locked).length,
        }),
      };
    case 'group':
      if (!state.canGroup) return null;
      return { doc: groupLayers(doc, selected), message: t('creativeEditor.arrange.grouped', { count: expandGroups(doc, selected).length }) };
    case 'ungroup':
      if (!state.canUngroup) return null;
      return { doc: ungroupLayers(doc, selected), message: t('creativeEditor.arrange.ungrouped') };
    case 'lock': {
      // Without `locked`: a toggle (locks unless every selected layer is locked already).
      const locked = command.locked ?? !state.allLocked;
      return {
        doc: setLocked(doc, selected, locked),
        message: t(locked ? 'creativeEditor.arrange.locked' : 'creativeEditor.arrange.unlocked', { count: selected.length }),
      };
    }
  }
}

/**
 * The keyboard shortcuts of the arrange tools (as in Figma): Alt+A/H/D align left/centre/right,
 * Alt+W/V/S top/middle/bottom, Alt+Shift+H/V distribute across/down, Ctrl+G group,
 * Ctrl+Shift+G ungroup, Ctrl+Shift+L lock or unlock. Letters by their key position (`code`),
 * so that Alt's special characters on a Mac and other layouts do not matter.
 */
export function arrangeShortcut(event: Pick<KeyboardEvent, 'code' | 'altKey' | 'shiftKey' | 'ctrlKey' | 'metaKey'>): ArrangeCommand | null {
  const mod = event.ctrlKey || event.metaKey;
  if (mod && !event.altKey && event.code === 'KeyG') return event.shiftKey ? { type: 'ungroup' } : { type: 'group' };
  if (mod && event.shiftKey && !event.altKey && event.code === 'KeyL') return { type: 'lock' };
  if (!event.altKey || mod) return null;
  if (event.shiftKey) return event.code === 'KeyH' ? { type: 'distribute', axis: 'x' } : event.code === 'KeyV' ? { type: 'distribute', axis: 'y' } : null;
  const edge = ALIGN_CODES[event.code];
  return edge ? { type: 'align', edge } : null;
}

function ToolButton({
  label,
  shortcut,
  disabled,
  pressed,
  onClick,
  children,
}: {
  label: string;
  shortcut?: string;
  disabled?: boolean;
  pressed?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-keyshortcuts={shortcut?.replace('Ctrl', 'Control')}
      aria-pressed={pressed}
      title={shortcut ? `${label} (${shortcut})` : label}
      disabled={disabled}
      onClick={onClick}
      className="grid size-7 place-items-center rounded-md text-zinc-700 hover:bg-zinc-100 focus-visible:ring-2 focus-visible:ring-accent-600 focus-visible:outline-none disabled:opacity-40 disabled:hover:bg-transparent aria-pressed:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:aria-pressed:bg-zinc-800"
    >
      {children}
    </button>
  );
}

const Divider = () => <span aria-hidden="true" className="mx-0.5 h-5 w-px bg-zinc-200 dark:bg-zinc-700" />;

/**
 * Align, distribute, group, ungroup and lock for the selected layers (shown when at least one
 * is selected). Every button is a plain button in the tab order, with its shortcut in its
 * title; what a button did is announced.
 */
export function ArrangeToolbar({ doc, selected, readOnly, onChange }: ArrangeProps) {
  const t = useT();
  const [message, setMessage] = useState('');
  const run = (command: ArrangeCommand) => {
    const result = runArrange(doc, selected, command, t);
    if (!result) return;
    if (result.doc !== doc) onChange(result.doc);
    setMessage(result.message);
  };
  // The shortcuts work wherever the focus is, except in a text field.
  const runRef = useRef(run);
  useEffect(() => {
    runRef.current = run;
  });
  const active = !readOnly && selected.length > 0;
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTyping(event.target)) return;
      const command = arrangeShortcut(event);
      if (!command) return;
      event.preventDefault();
      runRef.current(command);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active]);
  if (!active) return null;
  const state = arrangeState(doc, selected);
  const one = state.units.length === 1;
  return (
    <div role="group" aria-label={t('creativeEditor.arrange.group')} className="flex flex-none items-center">
      {ALIGN.map(({ edge, key, icon }) => (
        <ToolButton
          key={edge}
          label={t(one ? 'creativeEditor.arrange.alignCanvas' : 'creativeEditor.arrange.align', { edge })}
          shortcut={key}
          disabled={!state.canAlign}
          onClick={() => run({ type: 'align', edge })}
        >
          {icon}
        </ToolButton>
      ))}
      <Divider />
      <ToolButton
        label={t('creativeEditor.arrange.distributeX')}
        shortcut={KEYS.distributeX.key}
        disabled={!state.canDistribute}
        onClick={() => run({ type: 'distribute', axis: 'x' })}
      >
        <AlignHorizontalDistributeCenter className="size-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton
        label={t('creativeEditor.arrange.distributeY')}
        shortcut={KEYS.distributeY.key}
        disabled={!state.canDistribute}
        onClick={() => run({ type: 'distribute', axis: 'y' })}
      >
        <AlignVerticalDistributeCenter className="size-4" aria-hidden="true" />
      </ToolButton>
      <Divider />
      <ToolButton label={t('creativeEditor.arrange.groupLayers')} shortcut={KEYS.group.key} disabled={!state.canGroup} onClick={() => run({ type: 'group' })}>
        <Group className="size-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton
        label={t('creativeEditor.arrange.ungroupLayers')}
        shortcut={KEYS.ungroup.key}
        disabled={!state.canUngroup}
        onClick={() => run({ type: 'ungroup' })}
      >
        <Ungroup className="size-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton
        label={t('creativeEditor.arrange.lock')}
        shortcut={KEYS.lock.key}
        pressed={state.allLocked}
        onClick={() => run({ type: 'lock', locked: !state.allLocked })}
      >
        {state.allLocked ? <Lock className="size-4" aria-hidden="true" /> : <LockOpen className="size-4" aria-hidden="true" />}
      </ToolButton>
      <span role="status" aria-live="polite" className="sr-only">
        {message}
      </span>
    </div>
  );
}
