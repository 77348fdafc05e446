/**
 * `items` with the item of `id` moved to position `to` (clamped to the list), as the editors'
 * parts lists (blocks, sections) move them; `items` itself when nothing moves (an unknown id, the
 * same place), so that the caller can keep its document as it is (no new undo step).
 */
export function moveById<T extends { id: string }>(items: T[], id: string, to: number): T[] {
  const from = items.findIndex((item) => item.id === id);
  const target = Math.min(items.length - 1, Math.max(0, to));
  if (from < 0 || from === target) return items;
  const moved = [...items];
  const [item] = moved.splice(from, 1);
  moved.splice(target, 0, item!);
  return moved;
}
