import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_THEME } from '#common/schemas/blocks-theme.ts';
import type { PageDocument } from '#common/schemas/blocks.ts';
import { tooWideForPhone } from '#client/test/ads-fixtures.tsx';
import { envelope, mockApi } from '#client/test/api-mock.ts';
import { useFakeClock } from '#client/test/fake-clock.ts';
import { adoptedFontFaces } from '#client/test/funnels-fixtures.tsx';
import PageEditorRoute from '#client/app/routes/page-editor.tsx';
import { page as listPage, mediaItem, PROJECT_ID, renderScreen, writes } from '#client/test/fixtures.tsx';
import { BASE, doc, FUNNEL_ID, hero, open, pageDetail, PAGE_ID, pageVersion, text } from '#client/test/page-editor-fixtures.tsx';
import { readyDocument } from '#common/test/ready-page.ts';

/** The document inside a preview's frame (its own viewport), once the frame is ready. */
async function previewOf(name: string): Promise<HTMLElement> {
  const frame = within(screen.getByRole('region', { name })).getByTitle(new RegExp(`^${name} on a`)) as HTMLIFrameElement;
  await waitFor(() => expect(frame.contentDocument?.body.childElementCount).toBeGreaterThan(0));
  return frame.contentDocument!.body;
}

const blockList = () => screen.getByRole('list', { name: 'Blocks of the page' });
const blockNames = () =>
  within(blockList())
    .getAllByRole('listitem')
    .map((li) => within(li).getAllByRole('button')[0]!.textContent);
const patches = (calls: ReturnType<typeof mockApi>) => calls.filter((c) => c.method === 'PATCH');

// Leaving the editor saves what is not saved yet: let that request reach the mocked API
// before the mocks are undone (client/test/setup.ts runs after this).
afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  await new Promise((resolve) => setTimeout(resolve, 0));
});

describe('the page editor', () => {
  it('adds a block from the picker of the 12 types, duplicates and deletes it with an undo, and reorders by keyboard', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByRole('list', { name: 'Blocks of the page' });
    expect(blockNames()).toEqual(['Hero: Fresh coffee weekly', 'Text: Our story in short.']);

    await user.click(screen.getByRole('button', { name: 'Add block' }));
    const picker = screen.getByRole('dialog', { name: 'Add a block' });
    expect(
      within(picker)
        .getAllByRole('button', { name: /./ })
        .filter((b) => b.getAttribute('aria-label') !== 'Close'),
    ).toHaveLength(12);
    expect(within(picker).getByText('Collects leads: name, email, phone, choices and consent.')).toBeTruthy();
    await user.click(within(picker).getByRole('button', { name: /^FAQ/ }));
    expect(blockNames()).toEqual(['Hero: Fresh coffee weekly', 'Text: Our story in short.', 'FAQ: Questions and answers']);
    // The new block is selected: its form is in the side panel.
    expect(within(screen.getByRole('complementary', { name: 'Properties' })).getByRole('heading', { name: 'FAQ' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Duplicate Hero: Fresh coffee weekly' }));
    expect(blockNames()).toEqual(['Hero: Fresh coffee weekly', 'Hero: Fresh coffee weekly', 'Text: Our story in short.', 'FAQ: Questions and answers']);

    await user.click(screen.getAllByRole('button', { name: 'Delete Hero: Fresh coffee weekly' })[1]!);
    expect(blockNames()).toHaveLength(3);
    const undoBar = screen.getByText('Deleted “Hero: Fresh coffee weekly”.').parentElement!;
    await user.click(within(undoBar).getByRole('button', { name: 'Undo' }));
    expect(blockNames()).toHaveLength(4);
    await user.click(screen.getAllByRole('button', { name: 'Delete Hero: Fresh coffee weekly' })[1]!);

    // Keyboard: Alt+↓ on a block moves it down, Alt+↑ up; the move is announced.
    const faq = within(blockList()).getByRole('button', { name: 'FAQ: Questions and answers' });
    faq.focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(blockNames()).toEqual(['Hero: Fresh coffee weekly', 'FAQ: Questions and answers', 'Text: Our story in short.']);
    expect(screen.getByText('FAQ: Questions and answers moved to position 2 of 3.')).toBeTruthy();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(blockNames()[0]).toBe('FAQ: Questions and answers');
    await user.click(screen.getByRole('button', { name: 'Move FAQ: Questions and answers down' }));
    expect(blockNames()[1]).toBe('FAQ: Questions and answers');
    // Delete on a block removes it; Ctrl+Z (outside a text field) brings it back.
    within(blockList()).getByRole('button', { name: 'Text: Our story in short.' }).focus();
    await user.keyboard('{Delete}');
    expect(blockNames()).toEqual(['Hero: Fresh coffee weekly', 'FAQ: Questions and answers']);
    await user.keyboard('{Control>}z{/Control}');
    expect(blockNames()).toEqual(['Hero: Fresh coffee weekly', 'FAQ: Questions and answers', 'Text: Our story in short.']);
  });

  it('reorders by drag and drop', async () => {
    open();
    await screen.findByRole('list', { name: 'Blocks of the page' });
    const [first, second] = within(blockList()).getAllByRole('listitem');
    const data = new Map<string, string>();
    const dataTransfer = { setData: (k: string, v: string) => data.set(k, v), getData: (k: string) => data.get(k) ?? '', effectAllowed: '' };
    fireEvent.dragStart(first!, { dataTransfer });
    fireEvent.dragOver(second!, { dataTransfer });
    fireEvent.drop(second!, { dataTransfer });
    expect(blockNames()).toEqual(['Text: Our story in short.', 'Hero: Fresh coffee weekly']);
    // The preview's links go nowhere: the editor stays.
    const preview = await previewOf('Preview of variant A');
    expect(fireEvent.click(within(preview).getByRole('link', { name: 'Get started' }))).toBe(false);
  });

  it('edits a block’s props with inline validation: an invalid draft is not saved, and undo/redo work by button and keyboard', async () => {
    const user = useFakeClock();
    const { calls } = open();
    await user.click(await screen.findByRole('button', { name: 'Hero: Fresh coffee weekly' }));
    const headline = screen.getByLabelText('Headline');
    await user.clear(headline);
    expect(screen.getByText('Write a headline.')).toBeTruthy();
    expect(headline.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Not saved: fix the fields marked in red')).toBeTruthy();
    expect(screen.getByText(/needs attention/)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(patches(calls)).toEqual([]);

    const link = within(screen.getByRole('group', { name: 'Main button' })).getByLabelText('Button link');
    await user.clear(link);
    await user.type(link, 'javascript:alert(1)');
    expect(screen.getByText('Use a link starting with https://, mailto:, tel:, / or #.')).toBeTruthy();

    await user.type(headline, 'Better mornings');
    await user.click(document.body);
    // Undo the whole burst of typing in the headline at once; redo it.
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect((screen.getByLabelText('Headline') as HTMLInputElement).value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    expect((screen.getByLabelText('Headline') as HTMLInputElement).value).toBe('Better mornings');
    await user.keyboard('{Control>}z{/Control}');
    expect((screen.getByLabelText('Headline') as HTMLInputElement).value).toBe('');
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    expect((screen.getByLabelText('Headline') as HTMLInputElement).value).toBe('Better mornings');
    await user.keyboard('{Control>}z{/Control}');
    await user.keyboard('{Control>}y{/Control}');
    expect((screen.getByLabelText('Headline') as HTMLInputElement).value).toBe('Better mornings');
  });

  it('autosaves a moment after the last change with the revision it builds on, then the next on the new one', async () => {
    const user = useFakeClock();
    const { calls } = open();
    await user.click(await screen.findByRole('button', { name: 'Text: Our story in short.' }));
    const textarea = screen.getByRole('textbox', { name: 'Text' });
    await user.type(textarea, ' More.');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    expect(patches(calls)).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await screen.findByText('Saved');
    expect(patches(calls)).toHaveLength(1);
    expect(patches(calls)[0]!.body).toMatchObject({
      baseRevision: 3,
      document: { blocks: [{ id: 'hero' }, { id: 'text', props: { markdown: 'Our story in short. More.' } }] },
    });
    expect(patches(calls)[0]!.body).not.toHaveProperty('documentB');

    await user.click(screen.getByRole('button', { name: 'Delete Hero: Fresh coffee weekly' }));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(patches(calls)).toHaveLength(2));
    expect(patches(calls)[1]!.body).toMatchObject({ baseRevision: 4, document: { blocks: [{ id: 'text' }] } });
  });

  it('shows a conflict instead of overwriting a newer version, and does not retry in a loop', async () => {
    const user = useFakeClock();
    const { calls } = open({ [`PATCH ${BASE}`]: { status: 409, body: envelope('conflict', 'Someone saved a newer version of this page.') } });
    await user.click(await screen.findByRole('button', { name: 'Delete Text: Our story in short.' }));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await screen.findByText('A newer version exists');
    expect(screen.getByText('Not saved: newer version exists')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete Hero: Fresh coffee weekly' }));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(patches(calls)).toHaveLength(1);
    expect((screen.getByRole('button', { name: 'Publish' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says when the network failed, offers Retry, and saves on retry', async () => {
    const user = useFakeClock();
    let offline = true;
    const { calls } = open();
    const fetchMock = vi.mocked(globalThis.fetch);
    const real = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      const method = input instanceof Request ? input.method : (init?.method ?? 'GET');
      if (offline && method === 'PATCH') throw new TypeError('Failed to fetch');
      return real(input, init);
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Text: Our story in short.' }));
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await screen.findByText(/Adloom could not be reached/);
    // No retry loop.
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    offline = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('Saved');
    expect(patches(calls).at(-1)!.body).toMatchObject({ baseRevision: 3, document: { blocks: [{ id: 'hero' }] } });
  });

  it('publishes the saved draft with its revision, then links to the live page', async () => {
    const user = userEvent.setup();
    // A finished page (nothing for the checks before publishing), with a text block more.
    const finished = readyDocument('Fresh coffee weekly');
    const ready = { ...finished, blocks: [...finished.blocks, text], seo: { ...finished.seo, image: { mediaId: 'med_aaaaaaaaaaaaaaaa', alt: 'A cup' } } };
    const { calls } = open(
      {
        [`POST ${BASE}/publish`]: (body) => ({
          status: 200,
          body: pageDetail({ status: 'published', revision: (body as { baseRevision: number }).baseRevision, publishedRevision: 4, versionCount: 1 }),
        }),
      },
      pageDetail({ draft: ready }),
    );
    await user.click(await screen.findByRole('button', { name: 'Delete Text: Our story in short.' }));
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await screen.findByText('Published: version 1 is live.');
    expect(writes(calls).map((c) => `${c.method} ${c.path}`)).toEqual([`PATCH ${BASE}`, `POST ${BASE}/publish`]);
    expect(writes(calls)[1]!.body).toEqual({ baseRevision: 4 });
    expect(screen.getByText('Published')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View live page' }).getAttribute('href')).toBe('/p/spring/offer');
    expect(screen.getByRole('link', { name: 'Spring campaign' }).getAttribute('href')).toBe(`/funnels/${FUNNEL_ID}`);
  });

  it('restores a published version after asking, and shows its draft', async () => {
    const user = userEvent.setup();
    const versions = [pageVersion('ver_bbbbbbbbbbbbbbbb', 2, { live: true }), pageVersion('ver_aaaaaaaaaaaaaaaa', 1)];
    const old: PageDocument = { blocks: [{ ...hero, props: { ...hero.props, heading: 'The first headline' } }], seo: doc.seo };
    const { calls } = open(
      {
        [`GET ${BASE}/versions`]: { status: 200, body: versions },
        [`POST ${BASE}/versions/ver_aaaaaaaaaaaaaaaa/restore`]: {
          status: 200,
          body: pageDetail({ draft: old, revision: 5, status: 'published', versionCount: 3 }),
        },
      },
      pageDetail({ status: 'published', versionCount: 2 }),
    );
    await user.click(await screen.findByRole('button', { name: 'Versions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Published versions' });
    await user.click(await within(dialog).findByRole('button', { name: 'Restore version 1' }));
    const confirm = screen.getByRole('dialog', { name: 'Restore version 1?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(writes(calls)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Restore version 1' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Restore version 1?' })).getByRole('button', { name: 'Restore and publish' }));
    await screen.findByText('Version 1 restored and published.');
    expect(writes(calls).map((c) => c.path)).toEqual([`${BASE}/versions/ver_aaaaaaaaaaaaaaaa/restore`]);
    expect(blockNames()).toEqual(['Hero: The first headline']);
  });

  it('creates variant B as a copy of A, edits it on its own, splits the traffic and removes B after asking', async () => {
    const user = useFakeClock();
    const { calls } = open();
    await user.click(await screen.findByRole('button', { name: 'Create variant B' }));
    const variants = screen.getByRole('radiogroup', { name: 'Variant to edit' });
    expect(within(variants).getByRole('radio', { name: 'Variant B' }).getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Delete Text: Our story in short.' }));
    const slider = screen.getByLabelText('Visitors shown B');
    expect((slider as HTMLInputElement).value).toBe('50');
    fireEvent.change(slider, { target: { value: '30' } });
    expect(screen.getByText('A 70 % · B 30 %')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await screen.findByText('Saved');
    expect(patches(calls)).toHaveLength(1);
    expect(patches(calls)[0]!.body).toEqual({ baseRevision: 3, documentB: { ...doc, blocks: [hero] }, splitB: 30 });

    await user.click(within(variants).getByRole('radio', { name: 'Variant A' }));
    expect(blockNames()).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Remove variant B' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Remove variant B?' })).getByRole('button', { name: 'Remove variant B' }));
    expect(screen.getByRole('button', { name: 'Create variant B' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    await waitFor(() => expect(patches(calls)).toHaveLength(2));
    expect(patches(calls)[1]!.body).toEqual({ baseRevision: 4, documentB: null, splitB: 0 });
  });

  it('edits a form block’s fields: add, type with options, consent text, reorder and remove', async () => {
    const user = userEvent.setup();
    open();
    await screen.findByRole('list', { name: 'Blocks of the page' });
    await user.click(screen.getByRole('button', { name: 'Add block' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Add a block' })).getByRole('button', { name: /^Form/ }));
    const fields = screen.getByRole('group', { name: 'Fields' });
    await user.click(within(fields).getByRole('button', { name: 'Add field' }));
    const third = within(fields).getByRole('group', { name: 'Field 3' });
    await user.selectOptions(within(third).getByLabelText('Type'), 'Choice (select)');
    expect(within(third).getByText('Add at least one option.')).toBeTruthy();
    await user.click(within(third).getByRole('button', { name: 'Add option' }));
    expect(within(third).queryByText('Add at least one option.')).toBeNull();
    await user.clear(within(third).getByLabelText('Name in leads'));
    await user.type(within(third).getByLabelText('Name in leads'), 'Email');
    expect(within(third).getByText(/Name the field: a lower-case letter/)).toBeTruthy();
    await user.click(within(fields).getByRole('button', { name: 'Move field 3 up' }));
    expect(within(within(fields).getByRole('group', { name: 'Field 2' })).getByLabelText('Type')).toBeTruthy();
    await user.selectOptions(within(within(fields).getByRole('group', { name: 'Field 1' })).getByLabelText('Type'), 'Checkbox (consent)');
    expect(within(within(fields).getByRole('group', { name: 'Field 1' })).getByLabelText('Consent text')).toBeTruthy();
    await user.click(within(fields).getByRole('button', { name: 'Remove field 3' }));
    expect(within(fields).queryByRole('group', { name: 'Field 3' })).toBeNull();
  });

  it('picks a block’s picture from the project library and shows it in the preview at its size', async () => {
    const user = userEvent.setup();
    open({
      [`GET /api/projects/${PROJECT_ID}/media`]: listPage([
        mediaItem('med_aaaaaaaaaaaaaaaa', { name: 'beans.jpg', alt: 'Roasted beans', width: 1600, height: 1000 }),
      ]),
    });
    await user.click(await screen.findByRole('button', { name: 'Hero: Fresh coffee weekly' }));
    await user.click(screen.getByRole('button', { name: 'Choose picture' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a picture' });
    await user.click(await within(dialog).findByRole('button', { name: 'beans.jpg' }));
    expect(screen.queryByRole('dialog', { name: 'Choose a picture' })).toBeNull();
    expect((screen.getByLabelText('Alt text') as HTMLInputElement).value).toBe('Roasted beans');
    const img = await within(await previewOf('Preview of variant A')).findByRole('img', { name: 'Roasted beans' });
    expect([img.getAttribute('src'), img.getAttribute('width'), img.getAttribute('height')]).toEqual(['/api/media/med_aaaaaaaaaaaaaaaa/file', '1600', '1000']);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.queryByLabelText('Alt text')).toBeNull();
  });

  it('counts the SEO title and description against their limits', async () => {
    const user = userEvent.setup();
    open();
    const title = await screen.findByLabelText('Search title');
    expect(screen.getByText('5/70')).toBeTruthy();
    await user.type(title, 'x'.repeat(70));
    expect(screen.getByText('75/70')).toBeTruthy();
    expect(screen.getByText('Use at most 70 characters.')).toBeTruthy();
    expect(screen.getByText('0/160')).toBeTruthy();
  });

  it('saves the page address when it is left, and shows a taken address on the field', async () => {
    const user = userEvent.setup();
    const { calls } = open({
      [`PATCH ${BASE}`]: {
        status: 409,
        body: envelope('conflict', 'Another page of this funnel has that address.', { slug: ['Another page of this funnel has that address.'] }),
      },
    });
    const address = await screen.findByLabelText('Address');
    await user.clear(address);
    await user.type(address, 'Bad slug');
    expect(screen.getByText('Use lower-case letters, digits and hyphens.')).toBeTruthy();
    await user.clear(address);
    await user.type(address, 'thanks');
    await user.tab();
    await screen.findByText('Another page of this funnel has that address.');
    expect(patches(calls)[0]!.body).toEqual({ baseRevision: 3, slug: 'thanks' });
    expect(screen.queryByText('A newer version exists')).toBeNull();
  });

  it('draws the preview in the theme’s fonts, their faces loaded into its frame', async () => {
    open({}, pageDetail({ theme: { ...DEFAULT_THEME, fonts: { heading: 'oswald', body: 'inter' } } }));
    await screen.findByRole('region', { name: 'Preview of variant A' });
    const body = await previewOf('Preview of variant A');
    expect((body.querySelector('.fp-root') as HTMLElement).style.getPropertyValue('--fp-heading-font')).toMatch(/^Oswald,/);
    const faces = adoptedFontFaces(body.ownerDocument);
    expect(faces.css).toContain('url(/fonts/oswald-page-700-normal.woff2)');
    expect(faces.css).toMatch(/font-family: Oswald/);
    // Inter is in the workspace's stylesheet (copied into the frame): only Oswald's 2 weights × 3 files (the pages' WOFF2, the rest of Latin, Latin Extended).
    expect(faces.count).toBe(6);
  });

  it('is read-only for viewers', async () => {
    const { calls } = open({}, pageDetail({ role: 'viewer' }));
    await screen.findByText(/You can view this page/);
    expect(screen.queryByRole('button', { name: 'Add block' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    expect((screen.getByLabelText('Search title') as HTMLInputElement).disabled).toBe(true);
    expect(writes(calls)).toEqual([]);
  });

  it('shows a 404 for a page that does not exist, and a retry when loading failed', async () => {
    mockApi({ [`GET ${BASE}`]: { status: 404, body: envelope('not_found', 'We could not find that.') } });
    const first = renderScreen(<PageEditorRoute />, { url: `/pages/${PAGE_ID}`, path: '/pages/:funnelPageId' });
    await screen.findByText('Page not found');
    first.unmount();
    let fail = true;
    mockApi({
      [`GET ${BASE}`]: () => (fail ? { status: 500, body: envelope('internal', 'Boom') } : { status: 200, body: pageDetail() }),
      [`GET /api/projects/${PROJECT_ID}/media`]: listPage([]),
    });
    renderScreen(<PageEditorRoute />, { url: `/pages/${PAGE_ID}`, path: '/pages/:funnelPageId' });
    await screen.findByText('This page could not be loaded');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('list', { name: 'Blocks of the page' });
  });

  it('fits a 390 px phone, with the preview one tap away', async () => {
    window.innerWidth = 390;
    const user = userEvent.setup();
    const { container } = open();
    await screen.findByRole('list', { name: 'Blocks of the page' });
    expect(tooWideForPhone(container)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByRole('button', { name: 'Preview' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Phone' }));
    // The phone preview is a 390 px frame of its own (the blocks' responsive classes see a phone).
    expect(within(screen.getByRole('region', { name: 'Preview of variant A' })).getByTitle('Preview of variant A on a phone')).toBeTruthy();
    expect((await previewOf('Preview of variant A')).textContent).toContain('Fresh coffee weekly');
    expect(tooWideForPhone(container)).toEqual([]);
  });
});
