import { describe, expect, it } from 'vitest';
import { iconNodes } from '#common/creative/document.ts';
import { ICON_COUNT } from '#client/features/creatives/icon-set/parts.ts';
import { loadIconSet, searchIcons, type IconEntry } from '#client/features/creatives/icon-search.ts';

const entry = (name: string): IconEntry => ({ name, nodes: [['path', { d: 'M0 0' }]] });

describe('the icon set', () => {
  it('holds every lucide icon once, each valid for the document as it is (the renderer can draw whatever the picker offers)', async () => {
    const icons = await loadIconSet();
    expect(icons).toHaveLength(ICON_COUNT);
    expect(ICON_COUNT).toBeGreaterThan(1500);
    expect(new Set(icons.map((i) => i.name)).size).toBe(icons.length);
    expect(icons.filter((i) => !iconNodes.safeParse(i.nodes).success).map((i) => i.name)).toEqual([]);
    // Kept whole: nothing of an icon is dropped by the schema.
    expect(icons.map((i) => iconNodes.parse(i.nodes))).toEqual(icons.map((i) => i.nodes));
  });

  it('finds icons by the starts of their words, the exact name first, then names starting with it, then the shorter', () => {
    const set = ['arrow-right', 'arrow-big-right', 'move-right', 'right', 'arrow-right-left', 'heart', 'heart-crack', 'earth'].map(entry);
    const names = (q: string) => searchIcons(set, q).map((i) => i.name);
    expect(names('arrow right')).toEqual(['arrow-right', 'arrow-right-left', 'arrow-big-right']);
    // Abbreviated: no name starts with "arr-ri", so the shorter first.
    expect(names('  ARR  ri ')).toEqual(['arrow-right', 'arrow-big-right', 'arrow-right-left']);
    expect(names('heart')).toEqual(['heart', 'heart-crack']);
    // A word's start, not anywhere inside it ("earth" holds "art" but no word starts with it).
    expect(names('art')).toEqual([]);
    expect(names('')).toEqual(set.map((i) => i.name));
    expect(names('zzz')).toEqual([]);
  });
});
