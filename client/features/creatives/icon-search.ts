import type { IconNode } from '#common/creative/document.ts';
import { ICON_PARTS } from '#client/features/creatives/icon-set/parts.ts';

/** An icon of the set: its lucide name and its 24 × 24 shapes. */
export interface IconEntry {
  name: string;
  nodes: IconNode[];
}

let loading: Promise<IconEntry[]> | null = null;

/** The whole icon set (lucide, decision 0035), loaded once in parts (each its own lazy chunk) when the picker first opens. */
export function loadIconSet(): Promise<IconEntry[]> {
  loading ??= Promise.all(ICON_PARTS.map((part) => part())).then(
    (parts) => parts.flatMap((part) => (part.default as unknown as [string, IconNode[]][]).map(([name, nodes]) => ({ name, nodes }))),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * The icons matching what the user typed, best first: every word of the query must start a
 * word of the name ("arr ri" finds arrow-right); a name equal to the query comes first, then
 * names starting with it, then the shorter names. An empty query keeps the set's order.
 */
export function searchIcons(icons: readonly IconEntry[], query: string): IconEntry[] {
  const terms = query
    .toLowerCase()
    .split(/[\s-_]+/)
    .filter(Boolean);
  if (terms.length === 0) return [...icons];
  const joined = terms.join('-');
  const scored: { icon: IconEntry; score: number }[] = [];
  for (const icon of icons) {
    const words = icon.name.split('-');
    if (!terms.every((term) => words.some((word) => word.startsWith(term)))) continue;
    const score = (icon.name === joined ? 0 : icon.name.startsWith(joined) ? 1 : 2) * 1000 + icon.name.length;
    scored.push({ icon, score });
  }
  return scored.sort((a, b) => a.score - b.score || (a.icon.name < b.icon.name ? -1 : 1)).map((s) => s.icon);
}

/** An icon's name as words ("arrow-right" → "arrow right"), for labels. */
export function iconLabel(name: string): string {
  return name.replaceAll('-', ' ');
}
