import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { startI18n } from '#client/lib/i18n.tsx';
import { I18nRoot } from '#client/lib/i18n-root.tsx';
import { SessionProvider } from '#client/lib/session.tsx';
import Playground from '#client/app/routes/playground.tsx';
import { envelope, mockApi } from '#client/test/api-mock.ts';

/** A 1 × 1 PNG, as the visitor's picture. */
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));

function open(download?: { status: number; body?: unknown; headers?: Record<string, string> }) {
  mockApi({ 'GET /api/playground/quota': { status: 200, body: { limit: 3, remaining: 3 } }, ...(download ? { 'POST /api/playground/render': download } : {}) });
  const router = createMemoryRouter([{ path: '/playground', element: <Playground /> }], { initialEntries: ['/playground'] });
  return render(
    <SessionProvider initialUser={null}>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
}

/** The pictures the canvas draws (the creative's own <img> elements). */
function canvasPictures(): string[] {
  const canvas = screen.getByRole('main', { name: /^Canvas/ });
  return [...canvas.querySelectorAll('img')].map((img) => img.getAttribute('src') ?? '');
}

async function addPicture() {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  await userEvent.upload(input, new File([PNG], 'photo.png', { type: 'image/png' }));
}

describe('the playground', () => {
  beforeEach(() => localStorage.clear());

  it('shows a picture added to a template designed around its copy (Gradient promo), and keeps it when the template changes', async () => {
    open();
    const templates = screen.getByRole('radiogroup', { name: 'Template' });
    await userEvent.click(within(templates).getByRole('radio', { name: 'Gradient promo' }));
    expect(canvasPictures()).toEqual([]);

    await addPicture();
    await screen.findByRole('button', { name: /Change picture/ });
    await waitFor(() => expect(canvasPictures()).toEqual([expect.stringMatching(/^data:image\/png;base64,/)]));

    // Another template keeps showing it, and so does going back.
    await userEvent.click(within(templates).getByRole('radio', { name: 'Bold headline' }));
    expect(canvasPictures()).toEqual([expect.stringMatching(/^data:image\/png;base64,/)]);
    await userEvent.click(within(templates).getByRole('radio', { name: 'Gradient promo' }));
    expect(canvasPictures()).toEqual([expect.stringMatching(/^data:image\/png;base64,/)]);
  });

  it('keeps its header on one line at 390 px: the links do not wrap, the title gives way instead', async () => {
    open();
    const header = screen.getByRole('banner');
    const classes = (el: Element) => (el.getAttribute('class') ?? '').split(/\s+/);
    // "Log in" wrapped onto two lines and "Start free" spilled out of its 32 px high button.
    for (const name of ['Log in', 'Start free']) expect(classes(within(header).getByRole('link', { name }))).toContain('whitespace-nowrap');
    expect(classes(within(header).getByRole('navigation', { name: 'Playground' }))).toContain('shrink-0');
    // The rest shrinks: the title truncates inside a box that may narrow, the brand's word leaves the phone header (the mark stays, the link keeps its name).
    const title = within(header).getByRole('heading', { name: 'Playground', level: 1 });
    expect(classes(title)).toContain('truncate');
    expect(classes(title.parentElement!)).toContain('min-w-0');
    const home = within(header).getByRole('link', { name: 'Adloom home' });
    expect(classes(within(home).getByText('Adloom'))).toContain('max-sm:sr-only');
    await screen.findByText(/downloads left today/);
  });

  it('shows its text at once while the fonts load: each face swaps in over a fallback of the same size', () => {
    open();
    // The canvas's text names the bundled font, then its metric-matched fallback (Arial or Times New Roman resized).
    const canvas = screen.getByRole('main', { name: /^Canvas/ });
    const families = [...canvas.querySelectorAll<HTMLElement>('[style*="font-family"]')].map((el) => el.style.fontFamily);
    expect(families.length).toBeGreaterThan(0);
    for (const family of families) expect(family).toMatch(/^cf-([a-z-]+), cf-\1-ext, cf-\1-fallback$/);
    // A face with font-display: block left the canvas blank for up to three seconds while its file came.
    const css = readFileSync('client/styles.css', 'utf8');
    const faces = [...css.matchAll(/@font-face\s*\{[^}]*\}/g)].map((m) => m[0]);
    expect(faces.filter((face) => face.includes("font-family: 'cf-")).length).toBeGreaterThan(0);
    for (const face of faces) expect(face).not.toMatch(/font-display:\s*block/);
  });

  it('puts the picture in a template’s own picture frame (Photo with overlay)', async () => {
    open();
    await userEvent.click(within(screen.getByRole('radiogroup', { name: 'Template' })).getByRole('radio', { name: 'Photo with overlay' }));
    await addPicture();
    await waitFor(() => expect(canvasPictures()).toEqual([expect.stringMatching(/^data:image\/png;base64,/)]));
  });

  it('offers an account when the day’s downloads are used up', async () => {
    open({ status: 429, body: envelope('rate_limited', 'The playground allows 3 downloads a day. Create a free account to render without a watermark.') });
    await userEvent.click(screen.getByRole('button', { name: /Download PNG/ }));
    await screen.findByText(/allows 3 downloads a day/);
    expect(screen.getByRole('link', { name: 'Create a free account' }).getAttribute('href')).toContain('signup');
  });

  it('says the renderer is busy, without offering an account, when the 429 only asks to wait', async () => {
    const message = 'Adloom is drawing other images right now. Your download was not counted. Try again in a few seconds.';
    open({ status: 429, body: envelope('rate_limited', message, { _: ['renderer_busy'] }), headers: { 'Retry-After': '5' } });
    await userEvent.click(screen.getByRole('button', { name: /Download PNG/ }));
    await screen.findByText(message);
    expect(screen.queryByRole('link', { name: 'Create a free account' })).toBeNull();
    // The button is there to try again.
    expect((await screen.findByRole('button', { name: /Download PNG/ })).hasAttribute('disabled')).toBe(false);
  });
});

describe('the playground’s German page, /de/playground (issue 28)', () => {
  it('is German and links to the German site: its home page and the way back here after signing in', async () => {
    mockApi({ 'GET /api/playground/quota': { status: 200, body: { limit: 3, remaining: 3 } } });
    const i18n = await startI18n('de', ['library', 'creatives', 'editor']);
    const router = createMemoryRouter([{ path: '/de/playground', element: <Playground /> }], { initialEntries: ['/de/playground'] });
    render(
      <I18nRoot i18n={i18n}>
        <SessionProvider initialUser={null}>
          <RouterProvider router={router} />
        </SessionProvider>
      </I18nRoot>,
    );
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Adloom-Startseite' }).getAttribute('href')).toBe('/de');
    expect(within(header).getByRole('link', { name: 'Anmelden' }).getAttribute('href')).toContain('next=%2Fde%2Fplayground');
  });
});
