import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Presentation, PresentationDocument, PresentationSources } from '#common/schemas/presentations.ts';
import AdminLandingPages from '#client/app/routes/admin-landing-pages.tsx';
import { tooWideForPhone } from '#client/test/ads-fixtures.tsx';
import { envelope, mockApi } from '#client/test/api-mock.ts';
import { useFakeClock } from '#client/test/fake-clock.ts';
import { mediaItem, page, PROJECT_ID, renderScreen, user as userOf, writes } from '#client/test/fixtures.tsx';
import { projectSummary } from '#client/test/funnels-fixtures.tsx';
import { PRESENTATION_ID, presentationDetail } from '#client/test/presentations-fixtures.tsx';

const BASE = `/api/presentations/${PRESENTATION_ID}`;
const admin = userOf({ role: 'admin', name: 'Ada Admin' });

const sources: PresentationSources = {
  project: { id: PROJECT_ID, name: 'Acme Surf' },
  media: [],
  creations: [{ id: 'crn_aaaaaaaaaaaaaaaa', name: 'Spring square', image: { src: '/api/creations/crn_aaaaaaaaaaaaaaaa/file', width: 1080, height: 1080 } }],
  ads: [],
  pages: [],
};

/** The PATCH as the worker answers it: the body applied on top, revision + 1. */
function patched(body: unknown, base: Presentation): { status: number; body: Presentation } {
  const b = body as { baseRevision: number; document?: PresentationDocument; slug?: string; password?: string | null; expiresAt?: string | null };
  return {
    status: 200,
    body: {
      ...base,
      revision: b.baseRevision + 1,
      ...(b.document ? { document: b.document, customerName: b.document.customerName, headline: b.document.headline } : {}),
      ...(b.slug ? { slug: b.slug, url: `/presents/${b.slug}` } : {}),
      ...(b.password !== undefined ? { hasPassword: b.password !== null } : {}),
      ...(b.expiresAt !== undefined ? { expiresAt: b.expiresAt } : {}),
    },
  };
}

function open(routes: Parameters<typeof mockApi>[0] = {}, detail = presentationDetail()) {
  const calls = mockApi({
    [`GET ${BASE}`]: { status: 200, body: detail },
    [`GET ${BASE}/sources`]: { status: 200, body: sources },
    [`PATCH ${BASE}`]: (body) => patched(body, detail),
    'GET /api/projects': page([projectSummary()]),
    [`GET /api/projects/${PROJECT_ID}`]: { status: 404, body: envelope('not_found', 'Not found.') },
    [`GET /api/projects/${PROJECT_ID}/media`]: page([]),
    'GET /api/presentations': page([]),
    ...routes,
  });
  const view = renderScreen(<AdminLandingPages />, { url: `/admin/landing-pages?edit=${PRESENTATION_ID}`, path: '/admin/landing-pages', signedIn: admin });
  return { calls, ...view };
}

const patches = (calls: ReturnType<typeof mockApi>) => calls.filter((c) => c.method === 'PATCH');
const list = () => screen.getByRole('list', { name: 'Sections of the presentation' });
const names = () =>
  within(list())
    .getAllByRole('listitem')
    .map((li) => within(li).getAllByRole('button')[0]!.textContent);

/** The document inside the preview's frame (its own viewport), once the frame is ready. */
async function preview(): Promise<HTMLElement> {
  const frame = within(screen.getByRole('region', { name: 'Preview of the presentation' })).getByTitle(
    /^Preview of the presentation on a/,
  ) as HTMLIFrameElement;
  await waitFor(() => expect(frame.contentDocument?.body.childElementCount).toBeGreaterThan(0));
  return frame.contentDocument!.body;
}

// Leaving the editor saves what is not saved yet: let that request reach the mocked API first.
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  await new Promise((resolve) => setTimeout(resolve, 0));
});

describe('the presentation editor', () => {
  it('shows the sections, the live preview drawn by the public page’s components, and autosaves a change a moment later', async () => {
    const { calls } = open();
    // The editor's module loads lazily with real timers; the clock is faked once it is on screen.
    expect(await screen.findByRole('list', { name: 'Sections of the presentation' })).toBeTruthy();
    const user = useFakeClock();
    expect(names()).toEqual(['Hero', 'Pricing offer: Simple pricing', 'Call to action: Book a call']);
    const body = await preview();
    expect(body.textContent).toContain('More weekend orders from Instagram');
    expect(body.textContent).toContain('Prepared for Harbour Bakery');

    const headline = screen.getByRole('textbox', { name: 'Headline' });
    await user.clear(headline);
    await user.type(headline, 'Fresh bread, full tables');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    await waitFor(() => expect((body.textContent ?? '').includes('Fresh bread, full tables')).toBe(true));
    expect(patches(calls)).toEqual([]);
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    const sent = patches(calls)[0]!.body as { baseRevision: number; document: PresentationDocument };
    expect(sent.baseRevision).toBe(4);
    expect(sent.document.headline).toBe('Fresh bread, full tables');
    expect(await screen.findByText('Saved')).toBeTruthy();
  });

  it('does not save a document the schema refuses: the field says why', async () => {
    const { calls } = open();
    const headline = await screen.findByRole('textbox', { name: 'Headline' });
    const user = useFakeClock();
    await user.clear(headline);
    expect(screen.getByText('Write a headline.')).toBeTruthy();
    expect(headline.getAttribute('aria-invalid')).toBe('true');
    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.getByText('Not saved: fix the fields marked in red')).toBeTruthy();
    expect(patches(calls)).toEqual([]);
  });

  it('stops saving when someone else saved meanwhile, keeping the change on screen', async () => {
    open({ [`PATCH ${BASE}`]: { status: 409, body: envelope('conflict', 'Someone saved a newer version.', { _: ['revision:5'] }) } });
    const headline = await screen.findByRole('textbox', { name: 'Headline' });
    const user = useFakeClock();
    await user.type(headline, '!');
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(await screen.findByText('A newer version exists')).toBeTruthy();
    expect(screen.getByText('Not saved: newer version exists')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Publish' })).toHaveProperty('disabled', true);
    expect((headline as HTMLInputElement).value).toBe('More weekend orders from Instagram!');
  });

  it('adds a section from the picker, moves it by keyboard, deletes it with an undo', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByRole('list', { name: 'Sections of the presentation' });
    await user.click(screen.getByRole('button', { name: 'Add section' }));
    const picker = screen.getByRole('dialog', { name: 'Add a section' });
    expect(
      within(picker)
        .getAllByRole('button')
        .filter((b) => b.getAttribute('aria-label') !== 'Close'),
    ).toHaveLength(8);
    await user.click(within(picker).getByRole('button', { name: /^Testimonials/ }));
    expect(names()).toEqual(['Hero', 'Pricing offer: Simple pricing', 'Call to action: Book a call', 'Testimonials: Loved by early risers']);
    // The new section is selected: its form is in the side panel.
    expect(within(screen.getByRole('complementary', { name: 'Properties' })).getByRole('heading', { name: 'Testimonials' })).toBeTruthy();

    const added = within(list()).getByRole('button', { name: 'Testimonials: Loved by early risers' });
    added.focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(names()[2]).toBe('Testimonials: Loved by early risers');
    expect(screen.getByText('Testimonials: Loved by early risers moved to position 3 of 4.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete Testimonials: Loved by early risers' }));
    expect(names()).toHaveLength(3);
    const undoBar = screen.getByText('Deleted “Testimonials: Loved by early risers”.').parentElement!;
    await user.click(within(undoBar).getByRole('button', { name: 'Undo' }));
    expect(names()).toHaveLength(4);
    // Delete on a section removes it; Ctrl+Z (outside a text field) brings it back; Escape leaves the section.
    within(list()).getByRole('button', { name: 'Hero' }).focus();
    await user.keyboard('{Delete}');
    expect(names()[0]).toBe('Pricing offer: Simple pricing');
    await user.keyboard('{Control>}z{/Control}');
    expect(names()[0]).toBe('Hero');
    await user.click(within(list()).getByRole('button', { name: 'Hero' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('heading', { name: 'Customer and message' })).toBeTruthy();
  });

  it('picks the creatives to show from the linked project, with a caption, and draws them in the preview', async () => {
    const { calls } = open();
    await screen.findByRole('list', { name: 'Sections of the presentation' });
    const user = useFakeClock();
    await user.click(screen.getByRole('button', { name: 'Add section' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Add a section' })).getByRole('button', { name: /^Creatives/ }));
    const panel = screen.getByRole('complementary', { name: 'Properties' });
    // The default item points at nothing yet.
    expect(within(panel).getByText('Pick the creative to show')).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'Choose creative 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Choose a creative' });
    const option = await within(dialog).findByRole('button', { name: /Spring square/ });
    // Each option shows its thumbnail, named, lazy and with its size reserved (issue 27).
    const thumbnail = within(option).getByRole('img', { name: 'Spring square' });
    expect(thumbnail.getAttribute('loading')).toBe('lazy');
    expect(Number(thumbnail.getAttribute('width')) * Number(thumbnail.getAttribute('height'))).toBeGreaterThan(0);
    await user.click(option);
    expect(within(panel).getByText('Spring square')).toBeTruthy();
    await user.type(within(panel).getByRole('textbox', { name: 'Caption' }), 'Feed, 1:1');
    const body = await preview();
    await waitFor(() => expect(body.querySelector('img[src="/api/creations/crn_aaaaaaaaaaaaaaaa/file"]')).toBeTruthy());
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    const doc = (patches(calls)[0]!.body as { document: PresentationDocument }).document;
    expect(doc.sections.at(-1)).toMatchObject({ type: 'creatives', props: { items: [{ creationId: 'crn_aaaaaaaaaaaaaaaa', caption: 'Feed, 1:1' }] } });
  });

  it('picks the customer’s logo from the project’s library (a member), and the preview shows it', async () => {
    const { calls } = open({
      [`GET /api/projects/${PROJECT_ID}/media`]: page([mediaItem('med_logo_aaaaaaaaaaaa', { name: 'logo.png', alt: 'Harbour Bakery logo' })]),
    });
    const choose = await screen.findByRole('button', { name: 'Choose customer logo' });
    const user = useFakeClock();
    await user.click(choose);
    const dialog = screen.getByRole('dialog', { name: 'Choose a picture' });
    await user.click(await within(dialog).findByRole('button', { name: /logo\.png/ }));
    expect(await screen.findByRole('textbox', { name: 'Alt text' })).toHaveProperty('value', 'Harbour Bakery logo');
    const body = await preview();
    await waitFor(() => expect(body.querySelector('img[src="/api/media/med_logo_aaaaaaaaaaaa/file"]')).toBeTruthy());
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    await waitFor(() => expect(patches(calls)).toHaveLength(1));
    expect((patches(calls)[0]!.body as { document: PresentationDocument }).document.logo).toEqual({
      mediaId: 'med_logo_aaaaaaaaaaaa',
      alt: 'Harbour Bakery logo',
    });
  });

  it('lets an admin who is not in the project pick from the pictures the presentation’s API lists', async () => {
    const user = userEvent.setup();
    const signed = { src: '/api/media/med_x_aaaaaaaaaaaaaa/file?exp=1&sig=abc', width: 400, height: 200 };
    open({
      'GET /api/projects': page([]),
      [`GET ${BASE}/sources`]: { status: 200, body: { ...sources, media: [{ id: 'med_x_aaaaaaaaaaaaaa', name: 'shopfront.jpg', image: signed }] } },
    });
    await user.click(await screen.findByRole('button', { name: 'Choose customer logo' }));
    const dialog = screen.getByRole('dialog', { name: 'Choose a picture' });
    expect(within(dialog).getByText(/Only its members can upload/)).toBeTruthy();
    const option = await within(dialog).findByRole('button', { name: /shopfront\.jpg/ });
    const thumbnail = within(option).getByRole('img', { name: 'shopfront.jpg' });
    expect([thumbnail.getAttribute('src'), thumbnail.getAttribute('width'), thumbnail.getAttribute('height')]).toEqual([signed.src, '400', '200']);
    await user.click(option);
    const body = await preview();
    await waitFor(() => expect(body.querySelector(`img[src="${signed.src}"]`)).toBeTruthy());
  });

  it('says to link a project before picking a picture when the presentation has none', async () => {
    const user = userEvent.setup();
    open({}, presentationDetail({ projectId: null, projectName: null }));
    await user.click(await screen.findByRole('button', { name: 'Choose customer logo' }));
    expect(await screen.findByText(/Link a project first/)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Choose a picture' })).toBeNull();
  });

  it('sets the address, a password and an expiry date, with the server’s messages on the fields', async () => {
    let slugTaken = true;
    const detail = presentationDetail();
    const { calls } = open({
      [`PATCH ${BASE}`]: (body) =>
        slugTaken && (body as { slug?: string }).slug
          ? { status: 409, body: envelope('conflict', 'This address is taken.', { slug: ['Another presentation uses this address.'] }) }
          : patched(body, detail),
    });
    const user = userEvent.setup();
    const address = await screen.findByRole('textbox', { name: 'Address' });
    await user.clear(address);
    await user.type(address, 'northwind{Enter}');
    expect(await screen.findByText('Another presentation uses this address.')).toBeTruthy();
    slugTaken = false;
    await user.clear(address);
    await user.type(address, 'harbour-spring{Enter}');
    expect(await screen.findByText('The address is now /presents/harbour-spring.')).toBeTruthy();

    const password = screen.getByLabelText('Password');
    await user.type(password, 'short{Enter}');
    expect(screen.getByText('Use at least 8 characters.')).toBeTruthy();
    await user.type(password, '-but-long-now{Enter}');
    expect(await screen.findByText(/The password is set/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove the password' })).toBeTruthy();

    const expires = screen.getByLabelText('Expires');
    fireEvent.change(expires, { target: { value: '2020-01-01T10:00' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Pick a moment in the future.')).toBeTruthy();
    fireEvent.change(expires, { target: { value: '2099-06-30T18:00' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/It expires on 30 Jun 2099/)).toBeTruthy();

    const sent = patches(calls).map((c) => {
      const { baseRevision: _, ...rest } = c.body as Record<string, unknown>;
      return rest;
    });
    expect(sent).toEqual([
      { slug: 'northwind' },
      { slug: 'harbour-spring' },
      { password: 'short-but-long-now' },
      { expiresAt: new Date('2099-06-30T18:00').toISOString() },
    ]);
  });

  it('publishes (saving first) and unpublishes, and the badge follows', async () => {
    const detail = presentationDetail();
    const { calls } = open({
      [`POST ${BASE}/publish`]: { status: 200, body: { ...detail, revision: 5, status: 'published', publishedAt: '2026-03-08T10:00:00.000Z' } },
      [`POST ${BASE}/unpublish`]: { status: 200, body: { ...detail, revision: 6, status: 'draft' } },
    });
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Sections of the presentation' });
    expect(screen.getByText('Draft')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Published at /presents/harbour-bakery.')).toBeTruthy();
    expect(screen.getByText('Published')).toBeTruthy();
    // In the header (and in the toast).
    expect(screen.getAllByRole('link', { name: 'Open the page' }).map((a) => a.getAttribute('href'))).toEqual([
      '/presents/harbour-bakery',
      '/presents/harbour-bakery',
    ]);
    await user.click(screen.getByRole('button', { name: 'Unpublish' }));
    expect(await screen.findByText(/Unpublished: the address shows/)).toBeTruthy();
    expect(writes(calls).map((c) => `${c.method} ${c.path}`)).toEqual([`POST ${BASE}/publish`, `POST ${BASE}/unpublish`]);
  });

  it('fits a phone: edit and preview one at a time, no fixed width wider than 390 px', async () => {
    const user = userEvent.setup();
    const { container } = open();
    await screen.findByRole('list', { name: 'Sections of the presentation' });
    expect(tooWideForPhone(container)).toEqual([]);
    const toggle = screen.getByRole('group', { name: 'Show' });
    expect(screen.getByRole('region', { name: 'Preview of the presentation' }).closest('section')!.className).toContain('hidden lg:block');
    await user.click(within(toggle).getByRole('button', { name: 'Preview' }));
    expect(screen.getByRole('complementary', { name: 'Sections' }).className).toContain('hidden lg:block');
    await user.click(screen.getByRole('button', { name: 'Phone' }));
    expect(screen.getByTitle('Preview of the presentation on a phone')).toBeTruthy();
  });

  it('goes back to the list', async () => {
    const user = userEvent.setup();
    const { router } = open();
    await screen.findByRole('list', { name: 'Sections of the presentation' });
    await user.click(screen.getByRole('button', { name: 'Presentation pages' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('No presentations yet')).toBeTruthy();
  });
});
