import { Plus } from 'lucide-react';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import type { Block } from '#common/schemas/blocks.ts';
import { BlockToolbar, type ToolbarActions } from '#client/features/pages/canvas/block-toolbar.tsx';
import { TextEditor } from '#client/features/pages/canvas/text-editor.tsx';
import { fieldAt, textFields, type TextField } from '#client/features/pages/canvas/text-fields.ts';
import type { I18n } from '@lingui/core';

/** A text of the selected block being edited in place. */
export interface Editing {
  id: string;
  field: TextField;
  element: Element;
}

export interface CanvasBlockProps {
  /**
   * The workspace's words: the block is drawn inside the preview's content language (a German funnel's
   * page in German), but the editor's own controls around it speak the author's language.
   */
  t: I18n['_'];
  block: Block;
  index: number;
  count: number;
  view: ReactNode;
  name: string;
  selected: boolean;
  /** The one block in the tab order (roving tabindex). */
  tabbable: boolean;
  readOnly: boolean;
  full: boolean;
  editing: Editing | null;
  /** The drop line while a block is dragged over this one. */
  mark: 'before' | 'after' | null;
  dragging: boolean;
  register: (id: string, node: HTMLElement | null) => void;
  onFocus: () => void;
  onSelect: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  onEdit: (editing: Editing) => void;
  onCommit: (value: string) => void;
  onCancel: () => void;
  onInsert: (at: number) => void;
  toolbar: ToolbarActions;
}

/**
 * One block on the canvas: focusable (the page's blocks in order, one in the tab order), selected
 * with a click or Enter (outline and toolbar), its texts edited in place with a click once selected.
 * The block's own drawing is untouched: the wrapper adds only the editor's marks around it.
 */
export function CanvasBlock(props: CanvasBlockProps) {
  const { t, block, index, selected, readOnly, editing, name } = props;

  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (!selected) {
      props.onSelect();
      return;
    }
    const content = event.currentTarget.querySelector('[data-canvas-content]');
    const target = event.target as Element;
    if (readOnly || !content || !content.contains(target)) return;
    const hit = fieldAt(content, target, textFields(block));
    if (hit) props.onEdit({ id: block.id, ...hit });
  };

  const insert = (at: number, edge: 'top' | 'bottom') =>
    readOnly || props.full ? null : (
      <button
        type="button"
        data-canvas-ui=""
        tabIndex={selected ? 0 : -1}
        aria-label={t('funnels.canvas.insert', { position: at + 1 })}
        title={t('funnels.canvas.insert', { position: at + 1 })}
        onClick={(event) => {
          event.stopPropagation();
          props.onInsert(at);
        }}
        className={`absolute left-1/2 z-30 flex size-8 -translate-x-1/2 items-center justify-center rounded-full bg-accent-600 text-white shadow-md focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 ${
          edge === 'top' ? '-top-4' : '-bottom-4'
        } ${selected ? 'opacity-100' : 'opacity-0 group-hover:opacity-100'}`}
      >
        <Plus className="size-4" aria-hidden="true" />
      </button>
    );

  return (
    // A block on the canvas is a named group in a roving tab order: its keys and click are the editor's
    // (each has a labelled button in its toolbar or the blocks list too).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- see above
    <div
      ref={(node) => props.register(block.id, node)}
      data-canvas-block={block.id}
      role="group"
      aria-label={name}
      aria-current={selected ? 'true' : undefined}
      aria-keyshortcuts={readOnly ? 'Enter' : 'Enter F2 Alt+ArrowUp Alt+ArrowDown Control+D Delete Escape'}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the roving tab order of the canvas's blocks
      tabIndex={props.tabbable ? 0 : -1}
      onFocus={(event) => event.target === event.currentTarget && props.onFocus()}
      onClick={onClick}
      onKeyDown={(event) => event.target === event.currentTarget && props.onKeyDown(event)}
      className={`group relative -outline-offset-2 focus-visible:outline-4 focus-visible:outline-accent-600 ${
        selected ? 'outline-2 outline-accent-600' : 'hover:outline-2 hover:outline-accent-500 hover:outline-dashed'
      } ${props.dragging ? 'opacity-50' : ''}`}
    >
      {props.mark === 'before' ? <span aria-hidden="true" className="absolute inset-x-0 top-0 z-30 h-1 bg-accent-600" /> : null}
      {index === 0 ? insert(0, 'top') : null}
      <div data-canvas-content="">{props.view}</div>
      {block.hidden?.phone ? (
        <span data-canvas-ui="" className="absolute top-2 left-2 z-20 rounded bg-zinc-900/80 px-2 py-0.5 font-sans text-xs font-medium text-white">
          {t('funnels.canvas.hiddenOnPhone')}
        </span>
      ) : null}
      {selected && !readOnly ? (
        <BlockToolbar
          t={t}
          name={name}
          first={index === 0}
          last={index === props.count - 1}
          full={props.full}
          hiddenOnPhone={!!block.hidden?.phone}
          actions={props.toolbar}
        />
      ) : null}
      {selected && editing ? (
        <TextEditor
          key={editing.field.path.join('.')}
          field={editing.field}
          element={editing.element}
          box={editing.element.closest('[data-canvas-block]') ?? editing.element}
          label={t('funnels.canvas.editText', { name })}
          onCommit={props.onCommit}
          onCancel={props.onCancel}
        />
      ) : null}
      {insert(index + 1, 'bottom')}
      {props.mark === 'after' ? <span aria-hidden="true" className="absolute inset-x-0 bottom-0 z-30 h-1 bg-accent-600" /> : null}
    </div>
  );
}
