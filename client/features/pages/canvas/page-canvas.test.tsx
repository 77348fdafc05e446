import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageDocument } from '#common/schemas/blocks.ts';
import { hero, open, pageDetail, text } from '#client/test/page-editor-fixtures.tsx';

const PREVIEW = 'Preview of variant A';

/** The frame of the preview (its own document) once drawn. */
async function frame(): Promise<HTMLIFrameElement> {
  const iframe = within(await screen.findByRole('region', { name: PREVIEW })).getByTitle(new RegExp(`^${PREVIEW} on a`)) as HTMLIFrameElement;
  await waitFor(() => expect(iframe.contentDocument?.querySelector('[data-canvas-block]')).not.toBeNull());
  return iframe;
}

/** The frame's body, and a userEvent of the frame's own document (its keyboard types into the frame's focused element). */
async function canvas(): Promise<{ body: HTMLElement; inFrame: ReturnType<typeof userEvent.setup> }> {
  const doc = (await frame()).contentDocument!;
  return { body: doc.body, inFrame: userEvent.setup({ document: doc }) };
}

const byId = (body: HTMLElement, id: string) => body.querySelector(`[data-canvas-block="${id}"]`) as HTMLElement;

/** The blocks on the preview, by their names (the groups the canvas wraps them in). */
const onPage = (body: HTMLElement) => [...body.querySelectorAll('[data-canvas-block]')].map((el) => el.getAttribute('aria-label'));
const block = (body: HTMLElement, name: string) => within(body).getByRole('group', { name });
const panel = () => screen.getByRole('complementary', { name: 'Properties' });
const listNames = () =>
  within(screen.getByRole('list', { name: 'Blocks of the page' }))
    .getAllByRole('listitem')
    .map((li) => within(li).getAllByRole('button')[0]!.textContent);

const HERO = 'Hero: Fresh coffee weekly';
const TEXT = 'Text: Our story in short.';

afterEach(async () => {
  cleanup();
  vi.useRealTimers();
  await new Promise((resolve) => setTimeout(resolve, 0));
});

describe('the page canvas: editing on the preview', () => {
  it('selects a block with a click (outline, toolbar, the side panel shows its fields), the same selection as the list', async () => {
    const user = userEvent.setup();
    open();
    const { body, inFrame } = await canvas();
    expect(onPage(body)).toEqual([HERO, TEXT]);
    expect(within(body).queryByRole('toolbar')).toBeNull();

    await inFrame.click(within(block(body, TEXT)).getByText('Our story in short.'));
    expect(block(body, TEXT).getAttribute('aria-current')).toBe('true');
    expect(within(panel()).getByRole('heading', { name: 'Text' })).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Blocks of the page' }))
        .getByRole('button', { name: TEXT })
        .getAttribute('aria-current'),
    ).toBe('true');
    const toolbar = within(body).getByRole('toolbar', { name: `Actions for ${TEXT}` });
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual([`Move ${TEXT} up`, `Move ${TEXT} down`, `Duplicate ${TEXT}`, `Hide ${TEXT} on phones`, `Delete ${TEXT}`]);
    expect((within(toolbar).getByRole('button', { name: `Move ${TEXT} down` }) as HTMLButtonElement).disabled).toBe(true);
    // A markdown text stays in the panel: a click on it edits nothing in place.
    await inFrame.click(within(block(body, TEXT)).getByText('Our story in short.'));
    expect(within(body).queryByRole('textbox')).toBeNull();

    // Selecting in the list moves the outline on the preview.
    await user.click(within(screen.getByRole('list', { name: 'Blocks of the page' })).getByRole('button', { name: HERO }));
    expect(block(body, HERO).getAttribute('aria-current')).toBe('true');
    expect(block(body, TEXT).getAttribute('aria-current')).toBeNull();
    // The preview's links still go nowhere.
    expect(fireEvent.click(within(body).getByRole('link', { name: 'Get started' }))).toBe(false);
  });

  it('toolbar: moves, duplicates, hides on phones and deletes, each undoable', async () => {
    const user = userEvent.setup();
    const { calls } = open();
    const { body, inFrame } = await canvas();
    await inFrame.click(block(body, HERO));
    const bar = () => within(body).getByRole('toolbar');

    await inFrame.click(within(bar()).getByRole('button', { name: `Move ${HERO} down` }));
    expect(onPage(body)).toEqual([TEXT, HERO]);
    expect(listNames()).toEqual([TEXT, HERO]);
    expect(screen.getByText(`${HERO} moved to position 2 of 2.`)).toBeTruthy();
    await inFrame.click(within(bar()).getByRole('button', { name: `Move ${HERO} up` }));
    expect(onPage(body)).toEqual([HERO, TEXT]);

    await inFrame.click(within(bar()).getByRole('button', { name: `Duplicate ${HERO}` }));
    expect(onPage(body)).toEqual([HERO, HERO, TEXT]);
    // The copy is selected.
    expect(byId(body, 'hero-2').getAttribute('aria-current')).toBe('true');

    const hide = within(bar()).getByRole('button', { name: `Hide ${HERO} on phones` });
    await inFrame.click(hide);
    expect(hide.getAttribute('aria-pressed')).toBe('true');
    expect(within(byId(body, 'hero-2')).getByText('Hidden on phones')).toBeTruthy();
    expect(within(byId(body, 'hero')).queryByText('Hidden on phones')).toBeNull();
    // Dimmed at phone width in the editor, not hidden.
    expect(byId(body, 'hero-2').querySelector('.max-sm\\:opacity-40')).not.toBeNull();

    await inFrame.click(within(bar()).getByRole('button', { name: `Delete ${HERO}` }));
    expect(onPage(body)).toEqual([HERO, TEXT]);
    expect(within(body).queryByText('Hidden on phones')).toBeNull();
    await user.click(screen.getAllByRole('button', { name: 'Undo' })[0]!);
    expect(onPage(body)).toEqual([HERO, HERO, TEXT]);
    expect(within(body).getByText('Hidden on phones')).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'Undo' })[0]!);
    expect(within(body).queryByText('Hidden on phones')).toBeNull();

    // Saved documents carry the flag only where it is set.
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    await waitFor(
      () => {
        const last = calls.filter((c) => c.method === 'PATCH').at(-1)?.body as { document: PageDocument } | undefined;
        expect(last?.document.blocks.map((b) => b.hidden ?? null)).toEqual([null, { phone: true }, null]);
      },
      { timeout: 5000 },
    );
  });

  it('edits a headline in place: Enter commits through the reducer (the form shows it, Undo takes it back), Escape cancels, leaving commits', async () => {
    const user = userEvent.setup();
    open();
    const { body, inFrame } = await canvas();
    await inFrame.click(block(body, HERO));
    await inFrame.click(within(body).getByRole('heading', { level: 1 }));
    const field = within(body).getByRole('textbox', { name: `Text of ${HERO}` }) as HTMLTextAreaElement;
    expect(field.value).toBe('Fresh coffee weekly');
    expect(body.ownerDocument.activeElement).toBe(field);
    await inFrame.clear(field);
    await inFrame.type(field, 'Better mornings{Enter}');
    expect(within(body).queryByRole('textbox')).toBeNull();
    expect(within(body).getByRole('heading', { level: 1 }).textContent).toBe('Better mornings');
    expect((within(panel()).getByLabelText('Headline') as HTMLInputElement).value).toBe('Better mornings');
    await user.click(screen.getAllByRole('button', { name: 'Undo' })[0]!);
    expect(within(body).getByRole('heading', { level: 1 }).textContent).toBe('Fresh coffee weekly');

    // Escape: nothing changes, the block stays selected and focused.
    await inFrame.click(within(body).getByRole('heading', { level: 1 }));
    await inFrame.type(within(body).getByRole('textbox'), ' and more');
    await inFrame.keyboard('{Escape}');
    expect(within(body).queryByRole('textbox')).toBeNull();
    expect(within(body).getByRole('heading', { level: 1 }).textContent).toBe('Fresh coffee weekly');
    expect(block(body, HERO).getAttribute('aria-current')).toBe('true');
    expect(body.ownerDocument.activeElement).toBe(block(body, HERO));

    // A button's label; leaving the field commits it.
    await inFrame.click(within(body).getByRole('link', { name: 'Get started' }));
    const label = within(body).getByRole('textbox');
    await inFrame.clear(label);
    await inFrame.type(label, 'Join now');
    fireEvent.focusOut(label);
    expect(within(body).getByRole('link', { name: 'Join now' })).toBeTruthy();
    const main = within(panel()).getByRole('group', { name: 'Main button' });
    expect((within(main).getByLabelText('Button text') as HTMLInputElement).value).toBe('Join now');
  });

  it('keyboard: ↑/↓ go through the blocks (one tab stop), Enter selects, F2 edits, Alt+↑/↓ moves, Ctrl+D duplicates, Delete deletes, Ctrl+Z undoes, Escape leaves', async () => {
    open();
    const { body, inFrame } = await canvas();
    const tabbable = () =>
      [...body.querySelectorAll('[data-canvas-block]')].filter((el) => el.getAttribute('tabindex') === '0').map((el) => el.getAttribute('data-canvas-block'));
    const focused = () => body.ownerDocument.activeElement?.getAttribute('data-canvas-block');
    expect(tabbable()).toEqual(['hero']);
    act(() => byId(body, 'hero').focus());
    await inFrame.keyboard('{ArrowDown}');
    expect(focused()).toBe('text');
    expect(tabbable()).toEqual(['text']);
    await inFrame.keyboard('{Enter}');
    expect(within(panel()).getByRole('heading', { name: 'Text' })).toBeTruthy();

    await inFrame.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(onPage(body)).toEqual([TEXT, HERO]);
    expect(focused()).toBe('text');
    expect(screen.getByText(`${TEXT} moved to position 1 of 2.`)).toBeTruthy();
    await inFrame.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(onPage(body)).toEqual([HERO, TEXT]);

    await inFrame.keyboard('{Control>}d{/Control}');
    expect(onPage(body)).toEqual([HERO, TEXT, TEXT]);
    expect(focused()).toBe('text-2');
    await inFrame.keyboard('{Delete}');
    expect(onPage(body)).toEqual([HERO, TEXT]);
    expect(focused()).toBe('text');
    await inFrame.keyboard('{Control>}z{/Control}');
    expect(onPage(body)).toEqual([HERO, TEXT, TEXT]);

    // F2 on the hero edits its first text, the headline.
    act(() => byId(body, 'hero').focus());
    await inFrame.keyboard('{F2}');
    const field = within(body).getByRole('textbox', { name: `Text of ${HERO}` }) as HTMLTextAreaElement;
    expect(field.value).toBe('Fresh coffee weekly');
    await inFrame.clear(field);
    await inFrame.type(field, 'Slow coffee{Enter}');
    expect(within(body).getByRole('heading', { level: 1 }).textContent).toBe('Slow coffee');
    expect(focused()).toBe('hero');
    expect(byId(body, 'hero').getAttribute('aria-label')).toBe('Hero: Slow coffee');
    await inFrame.keyboard('{Escape}');
    expect(byId(body, 'hero').getAttribute('aria-current')).toBeNull();
    expect(within(body).queryByRole('toolbar')).toBeNull();
  });

  it('reorders by dragging the handle with pointer events (in the frame’s coordinates)', async () => {
    open(
      {},
      pageDetail({ draft: { ...pageDetail().draft, blocks: [hero, text, { id: 'text-2', type: 'text', props: { markdown: 'More.', align: 'left' } }] } }),
    );
    const { body, inFrame } = await canvas();
    // Blocks 100 px tall, stacked (happy-dom does no layout).
    [...body.querySelectorAll('[data-canvas-block]')].forEach((el, i) => {
      el.getBoundingClientRect = () => ({ top: i * 100, height: 100, bottom: i * 100 + 100, left: 0, right: 1280, width: 1280, x: 0, y: i * 100 }) as DOMRect;
    });
    await inFrame.click(byId(body, 'hero'));
    const handle = () => body.querySelector('[data-drag-handle]')!;
    fireEvent.pointerDown(handle(), { button: 0, pointerId: 1, clientY: 20 });
    fireEvent.pointerMove(handle(), { pointerId: 1, clientY: 160 });
    expect(byId(body, 'hero').className).toContain('opacity-50');
    // The line shows between the two texts: where the hero would land.
    expect(byId(body, 'text-2').querySelector('.top-0.h-1')).not.toBeNull();
    fireEvent.pointerUp(handle(), { pointerId: 1, clientY: 260 });
    expect(onPage(body)).toEqual([TEXT, 'Text: More.', HERO]);
    expect(listNames()).toEqual([TEXT, 'Text: More.', HERO]);
    expect(byId(body, 'hero').className).not.toContain('opacity-50');
    // A cancelled drag moves nothing.
    await inFrame.click(byId(body, 'text'));
    fireEvent.pointerDown(handle(), { button: 0, pointerId: 2, clientY: 120 });
    fireEvent.pointerCancel(handle(), { pointerId: 2, clientY: 260 });
    expect(onPage(body)).toEqual([TEXT, 'Text: More.', HERO]);
  });

  it('"+" between blocks adds the picked block there', async () => {
    const user = userEvent.setup();
    open();
    const { body, inFrame } = await canvas();
    await inFrame.click(byId(body, 'hero'));
    await inFrame.click(within(body).getByRole('button', { name: 'Add a block at position 2' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Add a block' })).getByRole('button', { name: /^FAQ/ }));
    expect(onPage(body)).toEqual([HERO, 'FAQ: Questions and answers', TEXT]);
    expect(within(panel()).getByRole('heading', { name: 'FAQ' })).toBeTruthy();
    await inFrame.click(within(body).getByRole('button', { name: 'Add a block at position 1' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Add a block' })).getByRole('button', { name: /^Call to action/ }));
    expect(onPage(body)[0]).toMatch(/^Call to action/);
    expect(onPage(body).slice(1)).toEqual([HERO, 'FAQ: Questions and answers', TEXT]);
  });

  it('speaks the workspace’s language around a German funnel’s page (the page itself in German)', async () => {
    const detail = pageDetail();
    open({}, { ...detail, funnel: { ...detail.funnel, locale: 'de' } });
    const { body, inFrame } = await canvas();
    await inFrame.click(within(block(body, HERO)).getByText('Fresh coffee weekly'));
    expect(within(body).getByRole('toolbar', { name: `Actions for ${HERO}` })).toBeTruthy();
    expect(within(body).getByRole('button', { name: `Move ${HERO} down` })).toBeTruthy();
    await inFrame.click(within(block(body, HERO)).getByText('Fresh coffee weekly'));
    expect(within(body).getByRole('textbox', { name: `Text of ${HERO}` })).toBeTruthy();
    expect(body.closest('html')?.getAttribute('lang')).toBe('de');
  });

  it('shows the page at real width (1280 / 390 px), fitted or zoomed, the frame kept across zooms', async () => {
    const user = userEvent.setup();
    open();
    const iframe = await frame();
    expect(iframe.style.width).toBe('1280px');
    const zoom = screen.getByRole('group', { name: 'Zoom' });
    expect(within(zoom).getByRole('button', { name: 'Fit' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(within(zoom).getByRole('button', { name: '50%' }));
    expect(within(zoom).getByRole('button', { name: '50%' }).getAttribute('aria-pressed')).toBe('true');
    expect(iframe.isConnected).toBe(true);
    expect(iframe.style.transform).toBe('scale(0.5)');
    expect(iframe.parentElement!.style.width).toBe('640px');
    await user.click(within(zoom).getByRole('button', { name: '100%' }));
    expect(iframe.style.transform).toBe('');
    expect(iframe.parentElement!.style.width).toBe('1280px');
    await user.click(screen.getByRole('button', { name: 'Phone' }));
    const phone = await frame();
    expect(phone.style.width).toBe('390px');
    await user.click(within(zoom).getByRole('button', { name: '75%' }));
    expect(phone.style.transform).toBe('scale(0.75)');
  });
});
