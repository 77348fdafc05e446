import { ArrowDown, ArrowUp, Copy, GripVertical, Smartphone, Trash2 } from 'lucide-react';
import type { PointerEvent as ReactPointerEvent, ReactNode } from 'react';
import type { I18n } from '@lingui/core';

/** What the selected block's toolbar does (page-canvas.tsx wires it to the editor's reducer). */
export interface ToolbarActions {
  onUp: () => void;
  onDown: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
  onHideOnPhone: (hidden: boolean) => void;
  /** The drag handle's pointer down (pointer events: use-block-drag.ts). */
  onDragStart: (event: ReactPointerEvent) => void;
}

/**
 * The selected block's toolbar on the preview: a drag handle, move up / down, duplicate,
 * hide on phones (a toggle) and delete (undoable: no confirm). Every button is named after the block.
 */
export function BlockToolbar({
  t,
  name,
  first,
  last,
  full,
  hiddenOnPhone,
  actions,
}: {
  /** The workspace's words (the toolbar sits inside the preview's content language). */
  t: I18n['_'];
  name: string;
  first: boolean;
  last: boolean;
  full: boolean;
  hiddenOnPhone: boolean;
  actions: ToolbarActions;
}) {
  return (
    <div
      role="toolbar"
      aria-label={t('funnels.canvas.toolbar', { name })}
      data-canvas-ui=""
      className="absolute top-2 right-2 z-30 flex items-center gap-0.5 rounded-lg border border-zinc-200 bg-white p-0.5 font-sans text-zinc-800 shadow-md"
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => event.stopPropagation()}
    >
      <span
        aria-hidden="true"
        title={t('funnels.canvas.drag', { name })}
        data-drag-handle=""
        onPointerDown={actions.onDragStart}
        className="flex h-8 w-7 cursor-grab touch-none items-center justify-center text-zinc-500"
      >
        <GripVertical className="size-4" />
      </span>
      <ToolButton label={t('editor.move.up', { label: name })} disabled={first} onClick={actions.onUp}>
        <ArrowUp className="size-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton label={t('editor.move.down', { label: name })} disabled={last} onClick={actions.onDown}>
        <ArrowDown className="size-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton label={t('editor.list.duplicate', { name })} disabled={full} onClick={actions.onDuplicate}>
        <Copy className="size-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton label={t('funnels.canvas.hideOnPhone', { name })} pressed={hiddenOnPhone} onClick={() => actions.onHideOnPhone(!hiddenOnPhone)}>
        <Smartphone className="size-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton label={t('editor.list.delete', { name })} onClick={actions.onDelete}>
        <Trash2 className="size-4" aria-hidden="true" />
      </ToolButton>
    </div>
  );
}

function ToolButton({
  label,
  disabled,
  pressed,
  onClick,
  children,
}: {
  label: string;
  disabled?: boolean;
  pressed?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      aria-pressed={pressed}
      onClick={onClick}
      className={`flex size-8 items-center justify-center rounded-md hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-accent-600 disabled:opacity-40 ${
        pressed ? 'bg-accent-50 text-accent-700' : ''
      }`}
    >
      {children}
    </button>
  );
}
