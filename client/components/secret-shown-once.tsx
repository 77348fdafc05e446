import { useId } from 'react';
import { Button } from '#client/components/button.tsx';
import { TextField } from '#client/components/field.tsx';
import { useToast } from '#client/components/toast.tsx';

/** The words of a secret shown once, in the caller's catalog. */
export interface SecretWords {
  warning: string;
  label: string;
  copy: string;
  copied: string;
  copyByHand: string;
  done: string;
}

/**
 * A secret shown this once (an API key, a webhook's signing secret): a warning, the secret in a
 * read-only field that selects itself, a copy button (selecting it for a manual copy where the
 * clipboard is refused) and "Done".
 */
export function SecretShownOnce({ secret, words, onDone }: { secret: string; words: SecretWords; onDone: () => void }) {
  const toast = useToast();
  const inputId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast({ tone: 'success', message: words.copied });
    } catch {
      (document.getElementById(inputId) as HTMLInputElement | null)?.select();
      toast({ tone: 'info', message: words.copyByHand });
    }
  };
  return (
    <div className="space-y-4">
      <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset dark:bg-amber-950 dark:text-amber-100">
        {words.warning}
      </p>
      <div className="flex items-end gap-2">
        <TextField id={inputId} label={words.label} value={secret} readOnly className="min-w-0 flex-1 font-mono" onFocus={(e) => e.currentTarget.select()} />
        <Button variant="secondary" onClick={() => void copy()}>
          {words.copy}
        </Button>
      </div>
      <div className="flex justify-end">
        <Button onClick={onDone}>{words.done}</Button>
      </div>
    </div>
  );
}
