import { Dialog } from '#client/components/dialog.tsx';

export interface AddChoice<T extends string> {
  value: T;
  label: string;
  /** What this kind of part is for. */
  description: string;
}

/** The kinds of part an editor can add (block types, section types), each with what it is for. */
export function AddPicker<T extends string>({
  open,
  title,
  choices,
  onClose,
  onPick,
}: {
  open: boolean;
  title: string;
  choices: readonly AddChoice<T>[];
  onClose: () => void;
  onPick: (value: T) => void;
}) {
  return (
    <Dialog open={open} title={title} onClose={onClose} wide>
      <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {choices.map((choice) => (
          <li key={choice.value} className="min-w-0">
            <button
              type="button"
              className="block h-full w-full rounded-lg border border-zinc-200 p-3 text-left hover:border-accent-600 focus-visible:outline-2 focus-visible:outline-accent-600 dark:border-zinc-700"
              onClick={() => onPick(choice.value)}
            >
              <span className="block text-sm font-semibold">{choice.label}</span>
              <span className="mt-1 block text-xs text-zinc-600 dark:text-zinc-400">{choice.description}</span>
            </button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
