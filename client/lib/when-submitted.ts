import type { FormEvent } from 'react';

/**
 * The submit handler of a form without useForm (a dialog's few controls): the page stays,
 * and `run` does the work (its promise handles its own errors). A module of its own: the
 * editor's dialogs take it without the form machinery.
 */
export function whenSubmitted(run: () => unknown) {
  return (event: FormEvent) => {
    event.preventDefault();
    void run();
  };
}
