import { useEffect, useState } from 'react';

/** How long typing pauses before the search runs. */
export const SEARCH_DELAY_MS = 300;

/**
 * A search field's text and the query it runs: the query follows what was typed (trimmed) once
 * typing pauses, so that a list is not fetched again at every keystroke.
 */
export function useDebouncedSearch(initial = '') {
  const [typed, setTyped] = useState(initial);
  const [query, setQuery] = useState(initial.trim());
  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(typed.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);
  return { typed, setTyped, query };
}
