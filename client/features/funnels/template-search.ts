/** Lower case without accents, so "Veranstaltung" finds "veranstaltung" and "cafe" finds "Café". */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/** The words of a search, folded (none: everything matches). */
export function searchWords(query: string): string[] {
  return folded(query).split(/\s+/).filter(Boolean);
}

/** Whether every word of the search is in one of the texts (a template's name, description and goal). */
export function matchesAll(words: readonly string[], texts: readonly string[]): boolean {
  const haystack = folded(texts.join('\n'));
  return words.every((word) => haystack.includes(word));
}
