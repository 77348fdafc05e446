import { Check, ChevronDown, Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { BRAND_FONTS, isBrandFont } from '#common/fonts.ts';
import { useT } from '#client/lib/i18n-context.tsx';

/** A font the picker offers: a bundled one, or one uploaded to the project (`brand:{id}`). */
export interface FontChoice {
  ref: string;
  name: string;
  /** Shown beside the name (serif, display, uploaded…). */
  note?: string;
}

export const BUNDLED_CHOICES: FontChoice[] = BRAND_FONTS.map((font) => ({ ref: font.id, name: font.name, note: font.category }));

/**
 * The family a font is shown in: the creative renderer's own families (client/creative/draw.tsx:
 * `cf-{id}` with its Latin Extended family, `cf-brand-{id}` falling back to Inter). The @font-face
 * rules (client/styles.css) and the editor's FontFace objects download a file only when text
 * uses it: a font's file loads when its option is first shown, not with the page.
 */
export function previewFamily(ref: string): string {
  if (isBrandFont(ref)) return `cf-brand-${ref.slice('brand:'.length)}, cf-inter, cf-inter-fallback, sans-serif`;
  return `cf-${ref}, cf-${ref}-ext, cf-${ref}-fallback, sans-serif`;
}

const buttonClass =
  'flex h-9 w-full items-center justify-between gap-2 rounded-[var(--radius-control)] border border-zinc-300 bg-white px-2.5 text-left text-sm text-zinc-900 shadow-sm focus:outline-2 focus:outline-accent-600 disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100';

export interface FontPickerProps {
  /** The visible label (also the accessible name of the button and the list). */
  label: string;
  value: string;
  choices: readonly FontChoice[];
  onChange: (ref: string) => void;
  disabled?: boolean;
  /** Set when the picker's value is not among the choices (a deleted uploaded font). */
  fallbackName?: string | undefined;
  labelClassName?: string;
}

/**
 * A font select whose options are drawn each in its own face (a native `<select>` cannot
 * style its options everywhere). The ARIA listbox pattern: the button opens the list
 * (Enter, Space, ↓ or ↑), ↑ ↓ Home End and typing a letter move through it, Enter or Space
 * picks, Escape closes without a change, focus returns to the button.
 */
export function FontPicker({
  label,
  value,
  choices,
  onChange,
  disabled = false,
  fallbackName,
  labelClassName = 'mb-1 block text-xs font-medium text-zinc-700 dark:text-zinc-300',
}: FontPickerProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const current = choices.find((c) => c.ref === value);
  const selectedIndex = Math.max(
    0,
    choices.findIndex((c) => c.ref === value),
  );

  useEffect(() => {
    if (!open) return;
    listRef.current?.focus();
    const close = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const option = document.getElementById(`${id}-option-${active}`);
    option?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active, id]);

  const show = (index = selectedIndex) => {
    setActive(index);
    setOpen(true);
  };
  const close = (focusButton = true) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  };
  const pick = (index: number) => {
    const choice = choices[index];
    if (choice && choice.ref !== value) onChange(choice.ref);
    close();
  };

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      // Not the editor's too (arrows nudge the selected layer there).
      event.preventDefault();
      event.stopPropagation();
      show();
    }
  };
  const onListKey = (event: KeyboardEvent<HTMLUListElement>) => {
    // The list's keys are its own: the editor's shortcuts (arrows nudge, Escape deselects, Delete removes) stay out.
    if (event.key !== 'Tab') event.stopPropagation();
    const last = choices.length - 1;
    const move = (index: number) => {
      event.preventDefault();
      setActive(Math.min(last, Math.max(0, index)));
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(active + 1);
      case 'ArrowUp':
        return move(active - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(last);
      case 'PageDown':
        return move(active + 8);
      case 'PageUp':
        return move(active - 8);
      case 'Enter':
      case ' ':
        event.preventDefault();
        return pick(active);
      case 'Escape':
        event.preventDefault();
        return close();
      case 'Tab':
        setOpen(false);
        return;
      default:
        if (event.key.length === 1 && /\S/.test(event.key)) {
          // Type-ahead: the next font starting with that letter.
          const letter = event.key.toLowerCase();
          for (let step = 1; step <= choices.length; step += 1) {
            const index = (active + step) % choices.length;
            if (choices[index]!.name.toLowerCase().startsWith(letter)) return move(index);
          }
        }
    }
  };

  return (
    <div
      ref={rootRef}
      className="relative"
      onBlur={(event) => {
        if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <span id={`${id}-label`} className={labelClassName}>
        {label}
      </span>
      <button
        ref={buttonRef}
        type="button"
        id={`${id}-button`}
        className={buttonClass}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? `${id}-list` : undefined}
        aria-labelledby={`${id}-label ${id}-button`}
        disabled={disabled}
        onClick={() => (open ? close() : show())}
        onKeyDown={onButtonKey}
      >
        <span className="truncate" style={{ fontFamily: previewFamily(value) }}>
          {current?.name ?? fallbackName ?? value}
        </span>
        <ChevronDown className="size-4 shrink-0 text-zinc-500" aria-hidden="true" />
      </button>
      {open ? (
        // As wide as the longest name (a narrow picker cut them to "In…"), growing leftwards: the editors' pickers sit at the screen's right edge.
        <div className="absolute right-0 z-30 mt-1 w-max max-w-[calc(100vw-2rem)] min-w-full rounded-[var(--radius-control)] border border-zinc-200 bg-white shadow-lg dark:border-zinc-700 dark:bg-zinc-900">
          <ul
            ref={listRef}
            id={`${id}-list`}
            role="listbox"
            // Focusable (0, not -1): a scrolling region must be reachable from the keyboard (axe); Tab from it closes the list.
            tabIndex={0}
            aria-labelledby={`${id}-label`}
            aria-activedescendant={`${id}-option-${active}`}
            className="max-h-72 overflow-y-auto py-1 focus:outline-none"
            onKeyDown={onListKey}
          >
            {choices.map((choice, index) => (
              // The keys are the listbox's (aria-activedescendant): an option takes clicks only.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={choice.ref}
                id={`${id}-option-${index}`}
                role="option"
                aria-selected={choice.ref === value}
                className={`flex cursor-pointer items-center gap-2 px-2.5 py-1.5 ${index === active ? 'bg-accent-50 dark:bg-zinc-800' : ''}`}
                onPointerEnter={() => setActive(index)}
                onClick={() => pick(index)}
              >
                <Check className={`size-4 shrink-0 ${choice.ref === value ? 'text-accent-600' : 'invisible'}`} aria-hidden="true" />
                <span className="min-w-0 flex-1 text-base break-words" style={{ fontFamily: previewFamily(choice.ref) }}>
                  {choice.name}
                </span>
                {choice.note ? <span className="shrink-0 text-xs text-zinc-600 dark:text-zinc-400">{choice.note}</span> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** "Upload a font": a file input behind a button-looking label (outside the list, so that the file dialog does not close it). */
export function FontUploadButton({ onFile, pending, accept }: { onFile: (file: File) => void; pending: boolean; accept: string }) {
  const id = useId();
  const t = useT();
  return (
    <label
      htmlFor={id}
      className="mt-1 inline-flex h-8 cursor-pointer items-center gap-2 rounded-md px-2 text-xs text-zinc-700 focus-within:outline-2 focus-within:outline-accent-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
    >
      <Upload className="size-4" aria-hidden="true" />
      {pending ? t('upload.uploading') : t('fonts.upload')}
      <input
        id={id}
        type="file"
        accept={accept}
        className="sr-only"
        disabled={pending}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </label>
  );
}
