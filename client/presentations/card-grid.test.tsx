import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { blockSamples } from '#common/schemas/blocks-defaults.ts';
import { starterDocument, type PresentationDocument, type Resolved, type Section } from '#common/schemas/presentations.ts';
import { SectionView } from '#client/presentations/presentation-view.tsx';
import { contextFromResolved } from '#client/presentations/types.ts';

const resolved: Resolved = {
  images: {},
  creations: { c1: { src: '/presents/x/creation/c1', width: 1080, height: 1080, name: 'Morning roast' } },
  ads: {
    ad1: {
      id: 'ad1',
      name: 'Spring ad',
      status: 'approved',
      kind: 'single',
      pageName: 'Northwind Coffee',
      handle: 'northwindcoffee',
      avatarUrl: null,
      primaryText: 'Our spring blend is here.',
      headline: 'Spring blend',
      description: '',
      cta: 'shop_now',
      destinationUrl: 'https://northwind.example/spring',
      placements: ['instagram_feed'],
      items: [{ url: '/presents/x/creation/c1', width: 1080, height: 1080, alt: 'Morning roast' }],
      previewUrl: '/preview/abc',
    },
  },
  pages: { p1: { id: 'p1', title: 'Spring offer', funnelTitle: 'Spring funnel', url: '/p/northwind-spring/offer' } },
};
const ctx = contextFromResolved('edge', resolved, { refCode: null, authorName: 'Dana Demo', now: Date.parse('2026-11-23T12:00:00Z') });

/** A section of each card-laying type with `count` cards. */
function sectionWith(type: 'creatives' | 'adPreviews' | 'funnelPages' | 'testimonials' | 'pricing', count: number): Section {
  const many = <T,>(item: T) => Array.from({ length: count }, () => structuredClone(item));
  const heading = { heading: 'Heading', intro: '' };
  if (type === 'creatives') return { id: 's', type, props: { ...heading, items: many({ creationId: 'c1', caption: '' }) } } as Section;
  if (type === 'adPreviews') return { id: 's', type, props: { ...heading, items: many({ adId: 'ad1' }) } } as Section;
  if (type === 'funnelPages')
    return { id: 's', type, props: { ...heading, liveLinks: true, items: many({ pageId: 'p1', caption: '', screenshot: null }) } } as Section;
  if (type === 'testimonials') return { id: 's', type, props: { ...blockSamples.testimonials, items: many(blockSamples.testimonials.items[0]!) } } as Section;
  return { id: 's', type, props: { ...blockSamples.pricing, plans: many(blockSamples.pricing.plans[0]!) } } as Section;
}

/** The classes of the section's list of cards. */
function gridClasses(section: Section): string[] {
  const doc: PresentationDocument = { ...starterDocument('Northwind Coffee'), sections: [section] };
  const root = document.createElement('div');
  root.innerHTML = renderToString(<SectionView section={section} doc={doc} ctx={ctx} />);
  const list = root.querySelector('ul');
  expect(list?.children).toHaveLength(section.type === 'pricing' ? section.props.plans.length : (section.props as { items: unknown[] }).items.length);
  return (list?.getAttribute('class') ?? '').split(/\s+/);
}

const columns = (classes: string[]) => classes.filter((c) => /grid-cols-/.test(c));

describe('card grids follow the number of cards', () => {
  for (const type of ['creatives', 'adPreviews', 'funnelPages', 'testimonials', 'pricing'] as const) {
    it(`${type}: one centred card, two centred columns, then three; one column on a phone`, () => {
      const one = gridClasses(sectionWith(type, 1));
      expect(columns(one)).toEqual([]);
      expect(one).toContain('mx-auto');
      expect(one.some((c) => c.startsWith('max-w-'))).toBe(true);

      const two = gridClasses(sectionWith(type, 2));
      expect(columns(two).map((c) => c.split(':').pop())).toEqual(['grid-cols-2']);
      expect(two).toContain('mx-auto');

      const three = gridClasses(sectionWith(type, 3));
      expect(columns(three)).toContain('lg:grid-cols-3');
      // At 390 px every grid is one column: no column count without a breakpoint.
      for (const classes of [one, two, three]) expect(classes.filter((c) => /^grid-cols-/.test(c))).toEqual([]);
    });
  }
});
