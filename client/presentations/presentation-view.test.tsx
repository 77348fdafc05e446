import { fireEvent, render as mount, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { blockSamples } from '#common/schemas/blocks-defaults.ts';
import { DEFAULT_THEME } from '#common/schemas/blocks-theme.ts';
import {
  SECTION_TYPES,
  presentationDocumentSchema,
  sectionLabels,
  sectionSamples,
  starterDocument,
  withRef,
  type AdCard,
  type PresentationDocument,
  type Resolved,
  type Section,
  type SectionType,
} from '#common/schemas/presentations.ts';
import { PresentationView, SectionView } from '#client/presentations/presentation-view.tsx';
import { contextFromResolved, type PresentationContext } from '#client/presentations/types.ts';
import { BEACON_SCRIPT } from '#client/presentations/beacon-script.ts';

const ad: AdCard = {
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
};

const resolved: Resolved = {
  images: { logo1: { src: '/media/logo1', width: 400, height: 120 }, hero1: { src: '/media/hero1', width: 1600, height: 900 } },
  creations: { c1: { src: '/presents/x/creation/c1', width: 1080, height: 1080, name: 'Morning roast' } },
  ads: { ad1: ad },
  pages: { p1: { id: 'p1', title: 'Spring offer', funnelTitle: 'Spring funnel', url: '/p/northwind-spring/offer' } },
};

function ctxOf(mode: PresentationContext['mode'], refCode: string | null = 'dana2026'): PresentationContext {
  return contextFromResolved(mode, resolved, { refCode, authorName: 'Dana Demo', now: Date.parse('2026-11-23T12:00:00Z') });
}

/** A section of every type, with its picked items resolvable. */
function sectionOf(type: SectionType): Section {
  const props = structuredClone(sectionSamples[type]) as Record<string, unknown>;
  if (type === 'creatives') props.items = [{ creationId: 'c1', caption: 'Feed, 1:1' }];
  if (type === 'adPreviews') props.items = [{ adId: 'ad1' }];
  if (type === 'funnelPages') props.items = [{ pageId: 'p1', caption: 'The offer page', screenshot: null }];
  if (type === 'hero') props.image = { mediaId: 'hero1', alt: 'Roastery' };
  return { id: `s-${type}`, type, props } as Section;
}

function documentWith(sections: Section[]): PresentationDocument {
  return { ...starterDocument('Northwind Coffee'), logo: { mediaId: 'logo1', alt: '' }, intro: 'Dear Mara,\nhere is our plan.', sections };
}

function dom(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

describe('every section type', () => {
  for (const type of SECTION_TYPES) {
    for (const mode of ['edge', 'editor', 'sheet'] as const) {
      it(`${type} renders (${mode}) without scripts or inline handlers; images have their size and alt`, () => {
        const doc = documentWith([sectionOf(type), sectionOf('cta')]);
        const html = renderToString(<PresentationView document={doc} ctx={ctxOf(mode)} />);
        expect(html).not.toMatch(/<script|<iframe|\son[a-z]+=|javascript:/i);
        const root = dom(html);
        expect(root.querySelector(`#s-${type}`)).not.toBeNull();
        for (const img of root.querySelectorAll('img')) {
          expect(Number(img.getAttribute('width'))).toBeGreaterThan(0);
          expect(Number(img.getAttribute('height'))).toBeGreaterThan(0);
          expect(img.hasAttribute('alt')).toBe(true);
        }
        // At the edge the theme comes from the head (its CSP allows no style attributes).
        expect(html.includes('style=')).toBe(mode !== 'edge');
      });
    }
    it(`${type} has a label and a description, and its sample is valid`, () => {
      expect(sectionLabels[type].label.length).toBeGreaterThan(0);
      const doc = documentWith([sectionOf(type)]);
      expect(presentationDocumentSchema.safeParse(doc).success).toBe(true);
    });
  }
});

describe('the page', () => {
  it('has one h1 (the headline, in the hero), the customer’s logo and “Prepared for …”', () => {
    const doc = documentWith(SECTION_TYPES.map(sectionOf));
    const root = dom(renderToString(<PresentationView document={doc} ctx={ctxOf('edge')} />));
    const h1s = root.querySelectorAll('h1');
    expect(h1s).toHaveLength(1);
    expect(h1s[0]!.textContent).toBe('A plan for Northwind Coffee');
    expect(root.textContent).toContain('Prepared for Northwind Coffee');
    expect(root.querySelector('img[src="/media/logo1"]')?.getAttribute('alt')).toBe('Northwind Coffee logo');
    expect(root.querySelector('main#main')).not.toBeNull();
    // Every section is a direct child of main with an id (the beacon observes `main>section[id]`).
    const ids = [...root.querySelectorAll('main > section[id]')].map((s) => s.id);
    expect(ids).toEqual(SECTION_TYPES.map((t) => `s-${t}`));
  });

  it('the call to action carries the author’s affiliate code; the hero button scrolls to it', () => {
    const doc = documentWith([sectionOf('hero'), sectionOf('cta')]);
    const root = dom(renderToString(<PresentationView document={doc} ctx={ctxOf('edge')} />));
    expect(root.querySelector('#s-cta a')?.getAttribute('href')).toBe('/redirect?ref=dana2026');
    expect(root.querySelector('#s-hero a')?.getAttribute('href')).toBe('#s-cta');
    const without = dom(renderToString(<PresentationView document={doc} ctx={ctxOf('edge', null)} />));
    expect(without.querySelector('#s-cta a')?.getAttribute('href')).toBe('/redirect');
  });

  it('never links an ad’s shareable preview (the customer’s approval link), even when the card has one', () => {
    const doc = documentWith([sectionOf('adPreviews')]);
    for (const mode of ['edge', 'editor', 'sheet'] as const)
      expect(renderToString(<PresentationView document={doc} ctx={ctxOf(mode)} />)).not.toContain('/preview/');
  });

  it('leaves out what is unknown at the edge and shows placeholders in the editor', () => {
    const missing: Section[] = [
      { id: 'c', type: 'creatives', props: { heading: 'Creatives', intro: '', items: [{ creationId: 'gone', caption: '' }] } },
      { id: 'a', type: 'adPreviews', props: { heading: 'Ads', intro: '', items: [{ adId: 'pick' }] } },
      { id: 'f', type: 'funnelPages', props: { heading: 'Pages', intro: '', items: [{ pageId: 'gone', caption: '', screenshot: null }], liveLinks: true } },
    ];
    const edge = dom(renderToString(<PresentationView document={documentWith(missing)} ctx={ctxOf('edge')} />));
    expect(edge.querySelectorAll('main > section')).toHaveLength(0);
    const editor = dom(renderToString(<PresentationView document={documentWith(missing)} ctx={ctxOf('editor')} />));
    expect(editor.textContent).toContain('Creative not found');
    expect(editor.textContent).toContain('Pick an ad');
    expect(editor.textContent).toContain('Page not found');
  });

  it('an empty intro is left out at the edge and invites a note in the editor', () => {
    const doc = { ...documentWith([sectionOf('intro')]), intro: '' };
    expect(dom(renderToString(<PresentationView document={doc} ctx={ctxOf('edge')} />)).querySelector('#s-intro')).toBeNull();
    expect(renderToString(<PresentationView document={doc} ctx={ctxOf('editor')} />)).toContain('Write a personal note');
  });

  it('in the editor, links do not navigate away (the preview stays), anchors and keyboard focus still work', () => {
    const doc = documentWith([sectionOf('hero'), sectionOf('funnelPages'), sectionOf('cta')]);
    mount(<PresentationView document={doc} ctx={ctxOf('editor')} />);
    const live = screen.getByRole('link', { name: /Open the live page/ });
    live.focus();
    expect(document.activeElement).toBe(live);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    live.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    const links = screen.getAllByRole('link', { name: 'Book a call' });
    const anchor = links.find((a) => a.getAttribute('href') === '#s-cta')!;
    const cta = links.find((a) => a.getAttribute('href') === '/redirect?ref=dana2026')!;
    // fireEvent.click answers false when the default was prevented.
    expect(fireEvent.click(anchor)).toBe(true);
    expect(fireEvent.click(cta)).toBe(false);
  });

  it('renders one section alone with SectionView (the gallery)', () => {
    const doc = documentWith([]);
    const html = renderToString(<SectionView section={sectionOf('pricing')} doc={doc} ctx={ctxOf('sheet')} />);
    expect(html).toContain('Simple pricing');
  });
});

describe('withRef', () => {
  it('adds or replaces ref, keeps the query and the anchor, leaves links that cannot carry it', () => {
    expect(withRef('https://cal.example.com/meet', 'abc')).toBe('https://cal.example.com/meet?ref=abc');
    expect(withRef('https://cal.example.com/meet?x=1&ref=old#top', 'abc')).toBe('https://cal.example.com/meet?x=1&ref=abc#top');
    expect(withRef('/redirect', 'abc')).toBe('/redirect?ref=abc');
    expect(withRef('mailto:a@b.c', 'abc')).toBe('mailto:a@b.c');
    expect(withRef('https://x.example', null)).toBe('https://x.example');
    expect(withRef('https://x.example', 'bad code"')).toBe('https://x.example');
  });
});

describe('the beacon script', () => {
  it('is small (the page budget is 2 KB gzip) and plain', async () => {
    const gz = new Blob([BEACON_SCRIPT]).stream().pipeThrough(new CompressionStream('gzip'));
    const size = (await new Response(gz).arrayBuffer()).byteLength;
    expect(size).toBeLessThanOrEqual(2048);
    expect(BEACON_SCRIPT).not.toContain('</script');
  });
});

describe('the schema', () => {
  it('refuses duplicate section ids, reserved ids and more than 20 sections', () => {
    const doc = documentWith([sectionOf('hero'), sectionOf('hero')]);
    expect(presentationDocumentSchema.safeParse(doc).success).toBe(false);
    expect(presentationDocumentSchema.safeParse(documentWith([{ ...sectionOf('cta'), id: 'main' }])).success).toBe(false);
    const many = Array.from({ length: 21 }, (_, i) => ({ ...sectionOf('intro'), id: `i${i}` }));
    expect(presentationDocumentSchema.safeParse(documentWith(many)).success).toBe(false);
    expect(presentationDocumentSchema.safeParse({ ...documentWith([]), theme: DEFAULT_THEME }).success).toBe(true);
  });
});

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
  root.innerHTML = renderToString(<SectionView section={section} doc={doc} ctx={ctxOf('edge')} />);
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

describe('the "I\'m interested" call to action (decision 0056)', () => {
  const interest = { ...sectionOf('cta'), props: { ...sectionSamples.cta, action: 'interest' as const, href: '' } } as Section;
  const doc: PresentationDocument = { ...starterDocument('Northwind Coffee'), sections: [interest] };

  it('at the edge: a form posting to the public page without script, with a honeypot and the consent line', () => {
    const ctx = contextFromResolved('edge', resolved, { refCode: null, authorName: 'Dana Demo', interestAction: '/presents/spring/interested' });
    const root = document.createElement('div');
    root.innerHTML = renderToString(<SectionView section={interest} doc={doc} ctx={ctx} />);
    const form = root.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/presents/spring/interested');
    expect([...form.querySelectorAll('input, textarea')].map((e) => e.getAttribute('name'))).toEqual(['section', 'name', 'email', 'message', 'website']);
    expect(root.textContent).toContain('Dana Demo receives your name, email and message');
    expect(form.querySelector('button')!.disabled).toBe(false);
    expect(root.querySelector('a')).toBeNull();
  });

  it('in the editor: shown, but it cannot be sent', () => {
    mount(<SectionView section={interest} doc={doc} ctx={ctxOf('editor')} />);
    expect((screen.getByRole('button', { name: sectionSamples.cta.label }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('the schema wants a link only when the button opens one', () => {
    const withAction = (props: Record<string, unknown>) =>
      presentationDocumentSchema.safeParse({ ...doc, sections: [{ ...interest, props: { ...interest.props, ...props } }] }).success;
    expect(withAction({})).toBe(true);
    expect(withAction({ action: 'link', href: '' })).toBe(false);
    expect(withAction({ action: 'link', href: 'https://cal.example.com' })).toBe(true);
    expect(withAction({ action: 'link', href: 'javascript:alert(1)' })).toBe(false);
  });
});
