import { gzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { PAGE_SCRIPT } from '#client/public/funnel-script.ts';

/**
 * A page of its own for each test, with the script run against it as the browser would:
 * its listeners stay on that document, never on the next test's.
 */
function page(html: string): Document {
  const doc = document.implementation.createHTMLDocument('page');
  doc.body.innerHTML = html;
  new Function('document', 'addEventListener', PAGE_SCRIPT)(doc, () => {});
  return doc;
}

describe('the funnel page script', () => {
  it('stays within 3 KB gzip and is plain ES (no import, no external source)', () => {
    expect(gzipSync(PAGE_SCRIPT, { level: 6 }).byteLength).toBeLessThanOrEqual(3072);
    expect(PAGE_SCRIPT).not.toMatch(/\bimport\b|<\/script/i);
  });

  it('turns the submit button into "Sending…" and ignores a second submit', () => {
    const document = page('<form method="post" action="/p/x/y"><input name="email"><button type="submit" data-fp-submit>Send</button></form>');
    const seen: boolean[] = [];
    // Stands in for the browser's submission (after the script's listener): did each submit go ahead?
    document.addEventListener('submit', (event) => seen.push(event.defaultPrevented));
    const form = document.querySelector('form')!;
    const button = form.querySelector('button')!;
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(button.textContent).toBe('Sending…');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(seen).toEqual([false, true]);
  });

  it('swaps a video facade for the player on a plain click, and leaves modified clicks to the link', () => {
    const document = page(
      '<div data-video-facade data-embed="https://www.youtube-nocookie.com/embed/abcdefghijk?autoplay=1" data-title="Launch film"><a href="https://www.youtube.com/watch?v=abcdefghijk"><span>Play</span></a></div>',
    );
    const link = document.querySelector('a')!;
    const modified = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    link.dispatchEvent(modified);
    expect(modified.defaultPrevented).toBe(false);
    expect(document.querySelector('iframe')).toBeNull();
    // (happy-dom loads no frames and logs a NotSupportedError for it: expected.)
    document.querySelector('span')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    const frame = document.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/abcdefghijk?autoplay=1');
    expect(frame.title).toBe('Launch film');
    expect(document.querySelector('a')).toBeNull();
  });

  it('ticks a countdown and shows the expired text at the end', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-05-01T08:58:30Z'));
    const document = page(
      `<div data-countdown="2026-05-01T09:00:00Z"><div data-countdown-clock><span data-countdown-unit="d">9</span><span data-countdown-unit="h">99</span><span data-countdown-unit="m">99</span></div><p data-countdown-expired hidden>Over</p></div>`,
    );
    const unit = (key: string) => document.querySelector(`[data-countdown-unit="${key}"]`)!.textContent;
    expect([unit('d'), unit('h'), unit('m')]).toEqual(['0', '00', '01']);
    vi.advanceTimersByTime(60_000);
    expect(unit('m')).toBe('00');
    vi.advanceTimersByTime(31_000);
    expect(document.querySelector<HTMLElement>('[data-countdown-clock]')!.hidden).toBe(true);
    expect(document.querySelector<HTMLElement>('[data-countdown-expired]')!.hidden).toBe(false);
  });
});
