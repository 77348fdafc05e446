import { describe, expect, it } from 'vitest';
import { moveById } from '#client/lib/move-by-id.ts';

const items = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];

describe('moveById', () => {
  it('moves the item to the position, clamped to the list', () => {
    expect(moveById(items, 'a', 2).map((i) => i.id)).toEqual(['b', 'c', 'a']);
    expect(moveById(items, 'c', -5).map((i) => i.id)).toEqual(['c', 'a', 'b']);
    expect(moveById(items, 'a', 99).map((i) => i.id)).toEqual(['b', 'c', 'a']);
  });

  it('returns the same list when nothing moves', () => {
    expect(moveById(items, 'b', 1)).toBe(items);
    expect(moveById(items, 'x', 0)).toBe(items);
  });
});
