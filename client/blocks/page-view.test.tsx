import { fireEvent, render as mount, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { blockSamples } from '#common/schemas/blocks-defaults.ts';
import { DEFAULT_THEME, contrastRatio, type FunnelTheme } from '#common/schemas/blocks-theme.ts';
import { BLOCK_TYPES, type Block, type BlockType, type ImageRef, type PageDocument } from '#common/schemas/blocks.ts';
import { BlockView, PageView, pageNeedsScript, themeCss, themeStyle, type BlockContext } from '#client/blocks/page-view.tsx';

const NOW = Date.parse('2030-04-28T18:55:30Z');

function ctxOf(overrides: Partial<BlockContext> = {}): BlockContext {
  return {
    mode: 'edge',
    now: NOW,
    image: (ref: ImageRef) =>
      ref.mediaId.startsWith('missing')
        ? undefined
        : { src: `/media/${ref.mediaId}`, srcSet: `/media/${ref.mediaId}?w=480 480w, /media/${ref.mediaId} 1600w`, width: 1600, height: 900 },
    ...overrides,
  };
}

const pic = (mediaId: string, alt = `Picture ${mediaId}`) => ({ mediaId, alt });

/** The samples, with pictures everywhere a block can show one. */
const illustrated: { [T in BlockType]: Block } = Object.fromEntries(
  BLOCK_TYPES.map((type) => {
    const props: Record<string, unknown> = structuredClone(blockSamples[type]);
    if (type === 'hero' || type === 'image') props.image = pic(`${type}1`);
    if (type === 'video') props.poster = pic('poster1', '');
    if (type === 'testimonials') props.items = (props.items as object[]).map((item, i) => ({ ...item, avatar: i === 0 ? pic('avatar1', '') : null }));
    return [type, { id: `${type}-1`, type, props } as Block];
  }),
) as never;

function dom(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

const render = (block: Block, ctx = ctxOf()) => dom(renderToString(<BlockView block={block} ctx={ctx} />));

describe('every block', () => {
  for (const type of BLOCK_TYPES) {
    for (const mode of ['edge', 'editor', 'sheet'] as const) {
      it(`${type} renders its sample (${mode}) without scripts or inline handlers; images have their size`, () => {
        for (const block of [illustrated[type], { id: `${type}-2`, type, props: blockSamples[type] } as Block]) {
          const html = renderToString(<BlockView block={block} theme={DEFAULT_THEME} ctx={ctxOf({ mode })} />);
          expect(html).not.toMatch(/<script|<iframe|\son[a-z]+=|javascript:/i);
          const root = dom(html);
          // An image block without its image has nothing to show at the edge.
          if (!(type === 'image' && mode === 'edge' && block !== illustrated[type])) expect(root.textContent?.trim().length).toBeGreaterThan(0);
          for (const img of root.querySelectorAll('img')) {
            expect(Number(img.getAttribute('width'))).toBeGreaterThan(0);
            expect(Number(img.getAttribute('height'))).toBeGreaterThan(0);
            expect(img.hasAttribute('alt')).toBe(true);
            if (img.hasAttribute('srcset')) expect(img.getAttribute('sizes')).toBeTruthy();
          }
          // Outside the edge, the theme is set inline; at the edge it comes from themeCss() (CSP: no style attributes).
          expect(html.includes('style=')).toBe(mode !== 'edge');
        }
      });
    }
  }

  it('only the hero image loads eagerly; the others are lazy', () => {
    const hero = render(illustrated.hero).querySelector('img')!;
    expect(hero.getAttribute('loading')).toBeNull();
    expect(hero.getAttribute('fetchpriority')).toBe('high');
    for (const type of ['image', 'testimonials', 'video'] as const) {
      const imgs = render(illustrated[type]).querySelectorAll('img');
      expect(imgs.length).toBeGreaterThan(0);
      for (const img of imgs) expect(img.getAttribute('loading')).toBe('lazy');
    }
  });

  it('leaves unknown images out at the edge and shows a placeholder in the editor', () => {
    const block = { ...illustrated.image, props: { ...blockSamples.image, image: pic('missing1') } } as Block;
    expect(renderToString(<BlockView block={block} ctx={ctxOf()} />)).toBe('');
    expect(render(block, ctxOf({ mode: 'editor' })).textContent).toContain('Image not found');
  });

  it('renders a stored unsafe link as a harmless anchor', () => {
    const cta = { id: 'c', type: 'cta', props: { ...blockSamples.cta, primary: { label: 'Go', href: 'javascript:alert(1)' } } } as Block;
    const html = renderToString(<BlockView block={cta} ctx={ctxOf()} />);
    expect(html).not.toContain('javascript:');
    expect(dom(html).querySelector('a')!.getAttribute('href')).toBe('#');
  });
});

describe('page view', () => {
  const page: PageDocument = {
    blocks: BLOCK_TYPES.map((type) => illustrated[type]),
    seo: { title: 'Spring offer', description: '', image: null },
  };

  it('has one h1 (the hero) and never skips a heading level', () => {
    const root = dom(renderToString(<PageView document={page} theme={DEFAULT_THEME} ctx={ctxOf()} />));
    const levels = [...root.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    expect(levels.filter((l) => l === 1)).toHaveLength(1);
    levels.reduce((previous, level) => {
      expect(level - previous).toBeLessThanOrEqual(1);
      return level;
    });
  });

  it('items without a block heading get h2, not a skipped level', () => {
    const features = { ...illustrated.features, props: { ...blockSamples.features, heading: '' } } as Block;
    const root = render(features);
    expect(root.querySelector('h3')).toBeNull();
    expect(root.querySelectorAll('h2')).toHaveLength(blockSamples.features.items.length);
  });

  it('at the edge: a main landmark with the blocks, trailing footers after it, the theme class on the root', () => {
    const root = dom(renderToString(<PageView document={page} theme={DEFAULT_THEME} ctx={ctxOf()} />));
    const main = root.querySelector('main')!;
    expect(main).not.toBeNull();
    expect(main.querySelector('footer')).toBeNull();
    expect(root.querySelector('footer')!.previousElementSibling).toBe(main);
    expect(root.querySelector('.fp-root')!.hasAttribute('style')).toBe(false);
    expect(root.querySelector('.fp-root')!.contains(main)).toBe(true);
    // In the editor the workspace has its own main.
    const editor = dom(renderToString(<PageView document={page} theme={DEFAULT_THEME} ctx={ctxOf({ mode: 'editor' })} />));
    expect(editor.querySelector('main')).toBeNull();
    expect(editor.querySelector('.fp-root')!.getAttribute('style')).toContain('--fp-primary:#4338ca');
  });

  it('a block hidden on phones is wrapped in the class the stylesheet hides below the phone breakpoint at the edge, dimmed in the editor; others are not wrapped', () => {
    const hidden: PageDocument = { ...page, blocks: page.blocks.map((b, i) => (i === 1 ? { ...b, hidden: { phone: true } } : b)) };
    const edge = dom(renderToString(<PageView document={hidden} theme={DEFAULT_THEME} ctx={ctxOf()} />));
    const wrapped = edge.querySelectorAll('.max-sm\\:hidden');
    expect(wrapped).toHaveLength(1);
    expect(wrapped[0]!.firstElementChild!.id).toBe(page.blocks[1]!.id);
    expect(edge.querySelector('.max-sm\\:opacity-40')).toBeNull();
    // Absent: the same HTML as before the field existed.
    expect(renderToString(<PageView document={page} theme={DEFAULT_THEME} ctx={ctxOf()} />)).not.toContain('max-sm:');
    const editor = dom(renderToString(<PageView document={hidden} theme={DEFAULT_THEME} ctx={ctxOf({ mode: 'editor' })} />));
    expect(editor.querySelector('.max-sm\\:hidden')).toBeNull();
    expect(editor.querySelector('.max-sm\\:opacity-40')!.firstElementChild!.id).toBe(page.blocks[1]!.id);
  });

  it('in the editor, links out of the page and form posts do nothing (the preview stays)', () => {
    mount(<PageView document={page} theme={DEFAULT_THEME} ctx={ctxOf({ mode: 'editor' })} />);
    expect(fireEvent.click(screen.getByRole('link', { name: 'our blog' }))).toBe(false);
    expect(fireEvent.click(screen.getByRole('link', { name: 'Start my subscription' }))).toBe(true); // #signup: on the page
    expect(fireEvent.submit(screen.getByRole('button', { name: blockSamples.form.submitLabel }).closest('form')!)).toBe(false);
  });

  it('needs the script only for a form, a countdown or a YouTube/Vimeo facade', () => {
    const doc = (blocks: Block[]): PageDocument => ({ blocks, seo: page.seo });
    expect(pageNeedsScript(doc([illustrated.hero, illustrated.text, illustrated.faq, illustrated.footer, illustrated.image]))).toBe(false);
    expect(pageNeedsScript(doc([illustrated.hero, illustrated.form]))).toBe(true);
    expect(pageNeedsScript(doc([illustrated.countdown]))).toBe(true);
    expect(pageNeedsScript(doc([illustrated.video]))).toBe(true);
    const fileVideo = { ...illustrated.video, props: { ...blockSamples.video, source: 'file', file: 'vid1' } } as Block;
    expect(pageNeedsScript(doc([fileVideo]))).toBe(false);
  });
});

describe('theme', () => {
  const withColors = (colors: Partial<FunnelTheme['colors']>): FunnelTheme => ({ ...DEFAULT_THEME, colors: { ...DEFAULT_THEME.colors, ...colors } });

  it('text on the primary colour is white or near-black, whichever reads', () => {
    expect(themeStyle(withColors({ primary: '#ffe066' }))['--fp-on-primary']).toBe('#111111');
    expect(themeStyle(withColors({ primary: '#0b3d91' }))['--fp-on-primary']).toBe('#ffffff');
  });

  it('falls back to the text colour where a chosen colour would be illegible as text', () => {
    const low = themeStyle(withColors({ primary: '#ffe066', muted: '#dddddd' }));
    expect(low['--fp-link']).toBe(DEFAULT_THEME.colors.text);
    expect(low['--fp-muted']).toBe(DEFAULT_THEME.colors.text);
    const fine = themeStyle(DEFAULT_THEME);
    expect(fine['--fp-link']).toBe(DEFAULT_THEME.colors.primary);
    expect(fine['--fp-muted']).toBe(DEFAULT_THEME.colors.muted);
    for (const bg of [DEFAULT_THEME.colors.background, DEFAULT_THEME.colors.surface])
      expect(contrastRatio(fine['--fp-error']!, bg)).toBeGreaterThanOrEqual(4.5);
    // A dark page: the error colour turns light.
    const dark = themeStyle(withColors({ background: '#111111', surface: '#1c1c1c', text: '#f5f5f5', muted: '#a1a1aa' }));
    expect(contrastRatio(dark['--fp-error']!, '#111111')).toBeGreaterThanOrEqual(4.5);
  });

  it('as a CSS rule for the edge head: fonts from the fixed list, radius', () => {
    const css = themeCss({ ...DEFAULT_THEME, fonts: { heading: 'playfair-display', body: 'inter' }, radius: 'large' });
    expect(css.startsWith('.fp-root{--fp-primary:#4338ca;')).toBe(true);
    expect(css).toContain('--fp-heading-font:"Playfair Display", cf-playfair-display-fallback, ui-serif, Georgia, serif');
    expect(css).toContain('--fp-radius:14px');
    expect(css).not.toMatch(/[<>]/);
  });
});

describe('form block', () => {
  const form = illustrated.form;
  const action = '/p/northwind-spring/offer';
  const hidden = { utm_source: 'instagram', referrer: 'https://l.instagram.com/', formId: 'forged', website: 'x' };

  it('is a plain POST with labels, native constraints, hidden inputs and an off-screen honeypot', () => {
    const root = render(form, ctxOf({ form: { action, hidden } }));
    const el = root.querySelector('form')!;
    expect(el.getAttribute('method')).toBe('post');
    expect(el.getAttribute('action')).toBe(action);
    const hiddenInputs = Object.fromEntries([...el.querySelectorAll('input[type=hidden]')].map((i) => [i.getAttribute('name'), i.getAttribute('value')]));
    expect(hiddenInputs).toEqual({ formId: form.id, utm_source: 'instagram', referrer: 'https://l.instagram.com/' });
    for (const control of el.querySelectorAll('input:not([type=hidden]), select')) {
      const id = control.getAttribute('id')!;
      expect(el.querySelector(`label[for="${id}"]`)?.textContent?.trim().length).toBeGreaterThan(0);
    }
    expect(el.querySelector('input[name=email]')!.getAttribute('type')).toBe('email');
    expect(el.querySelector('input[name=email]')!.hasAttribute('required')).toBe(true);
    expect(el.querySelector('input[name=phone]')!.getAttribute('type')).toBe('tel');
    expect(el.querySelector('input[name=phone]')!.hasAttribute('required')).toBe(false);
    expect([...el.querySelectorAll('select[name=roast] option')].map((o) => o.getAttribute('value'))).toEqual(['', 'Light', 'Medium', 'Dark']);
    expect(el.querySelector('input[name=consent]')!.getAttribute('type')).toBe('checkbox');
    expect(el.querySelector('label[for="form-1-consent"]')!.textContent).toContain('Northwind Coffee may email me');
    const honeypot = el.querySelector('input[name=website]')!;
    expect(honeypot.getAttribute('tabindex')).toBe('-1');
    expect(honeypot.getAttribute('autocomplete')).toBe('off');
    expect(honeypot.closest('[aria-hidden=true]')).not.toBeNull();
    expect(el.querySelector('button[type=submit]')!.textContent).toBe(blockSamples.form.submitLabel);
  });

  it('shows the errors on their fields and fills the values in again', () => {
    const errors = { email: 'Enter a valid email address, like name@example.com.', consent: 'Tick this box to continue.' };
    const values = { name: 'Lena', email: 'lena@', roast: 'Dark', consent: '' };
    const root = render(form, ctxOf({ form: { action, hidden: {}, errors, values, formId: form.id } }));
    expect(root.querySelector('[role=alert]')!.textContent).toContain('correct the fields');
    const email = root.querySelector('input[name=email]')!;
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(root.querySelector(`#${email.getAttribute('aria-describedby')}`)!.textContent).toBe(errors.email);
    expect(email.getAttribute('value')).toBe('lena@');
    expect(root.querySelector('input[name=name]')!.getAttribute('value')).toBe('Lena');
    expect(root.querySelector('input[name=name]')!.hasAttribute('aria-invalid')).toBe(false);
    expect(root.querySelector('select[name=roast] option[value=Dark]')!.hasAttribute('selected')).toBe(true);
    expect(root.querySelector('input[name=consent]')!.hasAttribute('checked')).toBe(false);
    expect(root.querySelector('input[name=consent]')!.getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the success message once sent, and state for another form does not apply', () => {
    const sent = render(form, ctxOf({ form: { action, hidden: {}, sent: true, formId: form.id } }));
    expect(sent.querySelector('form')).toBeNull();
    expect(sent.querySelector('[role=status]')!.textContent).toContain(blockSamples.form.successMessage);
    const other = render(form, ctxOf({ form: { action, hidden: {}, sent: true, errors: { email: 'x' }, formId: 'another' } }));
    expect(other.querySelector('form')).not.toBeNull();
    expect(other.querySelector('[aria-invalid]')).toBeNull();
  });
});

describe('countdown block', () => {
  it('renders the days, hours and minutes left at ctx.now, with its end for the script', () => {
    const endsAt = '2030-05-01T22:00:00Z'; // 3 d 3 h 4 min 30 s after NOW
    const block = { ...illustrated.countdown, props: { ...blockSamples.countdown, endsAt } } as Block;
    const root = render(block);
    expect(root.querySelector('[data-countdown]')!.getAttribute('data-countdown')).toBe(endsAt);
    const unit = (u: string) => root.querySelector(`[data-countdown-unit="${u}"]`)!.textContent;
    expect([unit('d'), unit('h'), unit('m')]).toEqual(['3', '03', '04']);
    expect(root.querySelector('[data-countdown-clock]')!.hasAttribute('hidden')).toBe(false);
    expect(root.querySelector('[data-countdown-expired]')!.hasAttribute('hidden')).toBe(true);
    expect(root.querySelector('time')!.getAttribute('datetime')).toBe(endsAt);
  });

  it('shows the expired text once it has ended', () => {
    const block = { ...illustrated.countdown, props: { ...blockSamples.countdown, endsAt: '2030-04-28T18:00:00Z' } } as Block;
    const root = render(block);
    expect(root.querySelector('[data-countdown-clock]')!.hasAttribute('hidden')).toBe(true);
    const expired = root.querySelector('[data-countdown-expired]')!;
    expect(expired.hasAttribute('hidden')).toBe(false);
    expect(expired.textContent).toBe(blockSamples.countdown.expiredText);
  });
});

describe('video block', () => {
  it('a YouTube link is a facade: a link to the video, the nocookie player for the script, no iframe', () => {
    const root = render(illustrated.video);
    const facade = root.querySelector('[data-video-facade]')!;
    expect(facade.getAttribute('data-embed')).toBe('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1');
    expect(facade.getAttribute('data-title')).toBe(blockSamples.video.title);
    const link = facade.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://www.youtube.com/watch?v=aqz-KE-bpKQ');
    expect(link.textContent).toContain(`Play video: ${blockSamples.video.title} on YouTube`);
    expect(root.querySelector('iframe')).toBeNull();
  });

  it('a library video plays in a <video> that loads nothing before play; a missing one is left out at the edge', () => {
    const block = { ...illustrated.video, props: { ...blockSamples.video, source: 'file', file: 'vid1', url: '', poster: pic('poster1', '') } } as Block;
    const video = render(block).querySelector('video')!;
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.getAttribute('preload')).toBe('none');
    expect(video.getAttribute('poster')).toBe('/media/poster1');
    expect(video.querySelector('source')!.getAttribute('src')).toBe('/media/vid1');
    const missing = { ...block, props: { ...block.props, file: 'missing-video' } } as Block;
    expect(renderToString(<BlockView block={missing} ctx={ctxOf()} />)).toBe('');
  });
});
