import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FORMAT_IDS, FORMATS, type CreativeDocument, type FormatId, type Layer } from '#common/creative/document.ts';
import { coveredLayers, escapeZones, mustStayClear, PLACEMENT_IDS, placementsFor, zonesCovering, zonesFor, type Zone } from '#common/creative/safe-zones.ts';

const box = fc.record({
  x: fc.integer({ min: -2000, max: 9500 }).map((n) => n / 100),
  y: fc.integer({ min: -2000, max: 9500 }).map((n) => n / 100),
  w: fc.integer({ min: 50, max: 6000 }).map((n) => n / 100),
  h: fc.integer({ min: 50, max: 6000 }).map((n) => n / 100),
});
const placed = fc.constantFrom(...FORMAT_IDS.flatMap((format) => placementsFor(format).map((placement) => ({ format, placement }))));

const distance = (a: { x: number; y: number }, b: { x: number; y: number }, format: FormatId) =>
  Math.hypot(((a.x - b.x) / 100) * FORMATS[format].width, ((a.y - b.y) / 100) * FORMATS[format].height);

describe('safe zones', () => {
  it('knows which placements show which format, and what their interface covers', () => {
    expect(placementsFor('story')).toEqual(['instagram-story', 'facebook-story', 'instagram-reels', 'facebook-reels']);
    expect(placementsFor('square')).toEqual(['instagram-feed', 'facebook-feed']);
    expect(placementsFor('landscape')).toEqual(['facebook-feed']);
    // Meta: a story's top 14 % and bottom 20 %; reels 14 % top, 35 % bottom, 6 % each side.
    expect(zonesFor('instagram-story', 'story')).toEqual([
      { id: 'profile', x: 0, y: 0, w: 100, h: 14 },
      { id: 'reply', x: 0, y: 80, w: 100, h: 20 },
    ]);
    expect(zonesFor('facebook-reels', 'story').map((z) => [z.id, z.y, z.h])).toEqual([
      ['topBar', 0, 14],
      ['caption', 65, 35],
      ['edge', 14, 51],
      ['actions', 14, 51],
    ]);
    // The profile grid's 3:4 cut: a square loses an eighth on each side, a 4:5 post 3.125 %.
    expect(zonesFor('instagram-feed', 'square').map((z) => [z.x, z.w])).toEqual([
      [0, 12.5],
      [87.5, 12.5],
    ]);
    expect(zonesFor('instagram-feed', 'portrait').map((z) => z.w)).toEqual([3.125, 3.125]);
    expect(zonesFor('facebook-feed', 'portrait')).toEqual([]);
    // A placement that does not show the format covers nothing of it.
    expect(zonesFor('instagram-story', 'square')).toEqual([]);
    for (const format of FORMAT_IDS)
      for (const placement of PLACEMENT_IDS)
        for (const z of zonesFor(placement, format)) {
          expect(z.x).toBeGreaterThanOrEqual(0);
          expect(z.y).toBeGreaterThanOrEqual(0);
          expect(z.x + z.w).toBeLessThanOrEqual(100);
          expect(z.y + z.h).toBeLessThanOrEqual(100);
        }
  });

  it('counts only real overlap on the canvas: touching a zone or a sliver off the canvas is not covered', () => {
    const zones = zonesFor('instagram-story', 'story');
    expect(zonesCovering({ x: 10, y: 14, w: 50, h: 66 }, zones)).toEqual([]);
    expect(zonesCovering({ x: 10, y: 13, w: 50, h: 68 }, zones).map((z) => z.id)).toEqual(['profile', 'reply']);
    expect(zonesCovering({ x: 10, y: 100, w: 50, h: 10 }, zones)).toEqual([]);
    expect(zonesCovering({ x: 10, y: 75.03, w: 50, h: 5 }, zones)).toEqual([]);
  });

  it('moves a covered box the smallest distance that takes it out, whole on the canvas (or says it cannot)', () => {
    fc.assert(
      fc.property(placed, box, ({ format, placement }, b) => {
        const zones = zonesFor(placement, format);
        const fix = escapeZones(b, zones, format);
        if (zonesCovering(b, zones).length === 0) {
          expect(fix).toEqual({ x: b.x, y: b.y });
          return;
        }
        // No place on a fine grid beats it (and when there is none, the grid finds none either).
        let gridBest = Infinity;
        for (let x = 0; x + b.w <= 100; x += 0.5)
          for (let y = 0; y + b.h <= 100; y += 0.5)
            if (zonesCovering({ ...b, x, y }, zones).length === 0) gridBest = Math.min(gridBest, distance({ x, y }, b, format));
        if (fix === null) {
          expect(gridBest).toBe(Infinity);
          return;
        }
        expect(zonesCovering({ ...b, ...fix }, zones)).toEqual([]);
        expect(fix.x).toBeGreaterThanOrEqual(0);
        expect(fix.y).toBeGreaterThanOrEqual(0);
        expect(fix.x + b.w).toBeLessThanOrEqual(100.001);
        expect(fix.y + b.h).toBeLessThanOrEqual(100.001);
        // (The grid may use the 0.05 % overlap that counts as touching: about a pixel.)
        expect(distance(fix, b, format)).toBeLessThanOrEqual(gridBest + 1.5);
      }),
      { numRuns: 150 },
    );
  });

  it('moves a story’s button out from under the reply bar straight up, and finds no room for a box taller than the free band', () => {
    const zones: readonly Zone[] = zonesFor('instagram-story', 'story');
    expect(escapeZones({ x: 8, y: 84, w: 44, h: 6 }, zones, 'story')).toEqual({ x: 8, y: 74 });
    expect(escapeZones({ x: 8, y: 5, w: 44, h: 6 }, zones, 'story')).toEqual({ x: 8, y: 14 });
    expect(escapeZones({ x: 8, y: 10, w: 84, h: 70 }, zones, 'story')).toBeNull();
  });

  it('flags the visible text, buttons and logos a placement covers, not pictures, shapes or hidden layers', () => {
    const base = { w: 40, h: 6, x: 8 };
    const doc: CreativeDocument = {
      version: 2,
      format: 'story',
      template: 'blank',
      background: { type: 'color', color: '#ffffff' },
      layers: [
        { ...base, id: 'cta', y: 84, type: 'cta', text: 'Shop', font: 'inter', weight: 700, size: 4, color: '#ffffff', fill: '#000000', radius: 2 },
        { ...base, id: 'logo', y: 4, type: 'logo', mediaId: null },
        { ...base, id: 'pic', y: 0, type: 'image', mediaId: null, fit: 'cover', radius: 0 },
        { ...base, id: 'dot', y: 90, type: 'shape', shape: 'ellipse', fill: '#000000', opacity: 1, radius: 0 },
        { ...base, id: 'gone', y: 90, type: 'logo', mediaId: null, hidden: true },
        { ...base, id: 'tall', y: 10, h: 85, type: 'logo', mediaId: null },
        { ...base, id: 'fine', y: 40, type: 'logo', mediaId: null },
      ] satisfies Layer[],
    };
    expect(doc.layers.filter(mustStayClear).map((l) => l.id)).toEqual(['cta', 'logo', 'tall', 'fine']);
    expect(coveredLayers(doc, 'instagram-story')).toEqual([
      { layerId: 'cta', zones: ['reply'], fix: { x: 8, y: 74 } },
      { layerId: 'logo', zones: ['profile'], fix: { x: 8, y: 14 } },
      { layerId: 'tall', zones: ['profile', 'reply'], fix: null },
    ]);
    expect(coveredLayers(doc, 'instagram-reels').map((c) => c.layerId)).toEqual(['cta', 'logo', 'tall']);
    expect(coveredLayers({ ...doc, format: 'square' }, 'facebook-feed')).toEqual([]);
  });
});
