import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageDocument } from '#common/schemas/blocks.ts';
import { useFakeClock } from '#client/test/fake-clock.ts';
import { hero, open, pageDetail, text } from '#client/test/page-editor-fixtures.tsx';

const PREVIEW = 'Preview of variant A';

/** The frame of the preview (its own document) once drawn. */
async function frame(): Promise<HTMLIFrameElement> {
  const iframe = within(screen.getByRole('region', { name: PREVIEW })).getByTitle(new RegExp(`^${PREVIEW} on a`)) as HTMLIFrameElement;
  await waitFor(() => expect(iframe.contentDocument?.querySelector('[data-canvas-block]')).not.toBeNull());
  return iframe;
}

async function canvas(): Promise<HTMLElement> {
  return (await frame()).contentDocument!.body;
}

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
    const body = await canvas();
    expect(onPage(body)).toEqual([HERO, TEXT]);
    expect(within(body).queryByRole('toolbar')).toBeNull();

    await user.click(within(block(body, TEXT)).getByText('Our story in short.'));
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
    const body = await canvas();
    await user.click(block(body, HERO));
    const bar = () => within(body).getByRole('toolbar');

    await user.click(within(bar()).getByRole('button', { name: `Move ${HERO} down` }));
    expect(onPage(body)).toEqual([TEXT, HERO]);
    expect(listNames()).toEqual([TEXT, HERO]);
    expect(screen.getByText(`${HERO} moved to position 2 of 2.`)).toBeTruthy();
    await user.click(within(bar()).getByRole('button', { name: `Move ${HERO} up` }));
    expect(onPage(body)).toEqual([HERO, TEXT]);

    await user.click(within(bar()).getByRole('button', { name: `Duplicate ${HERO}` }));
    expect(onPage(body)).toEqual([HERO, HERO, TEXT]);
    // The copy is selected.
    expect(body.querySelectorAll('[aria-current="true"]')[0]!.getAttribute('data-canvas-block')).toBe('hero-2');

    const hide = within(bar()).getByRole('button', { name: `Hide ${HERO} on phones` });
    await user.click(hide);
    expect(hide.getAttribute('aria-pressed')).toBe('true');
    expect(within(block(body, HERO).parentElement!).getAllByText('Hidden on phones')).toHaveLength(1);
    // Dimmed at phone width in the editor, not hidden.
    expect(body.querySelector('[data-canvas-block="hero-2"] .max-sm\\:opacity-40')).not.toBeNull();

    await user.click(within(bar()).getByRole('button', { name: `Delete ${HERO}` }));
    expect(onPage(body)).toEqual([HERO, TEXT]);
    expect(within(body).queryByText('Hidden on phones')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(onPage(body)).toEqual([HERO, HERO, TEXT]);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(within(body).queryByText('Hidden on phones')).toBeNull();

    // Saved documents carry the flag only where it is set.
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true), { timeout: 4000 });
    const last = calls.filter((c) => c.method === 'PATCH').at(-1)!.body as { document: PageDocument };
    expect(last.document.blocks.map((b) => b.hidden ?? null)).toEqual([null, { phone: true }, null]);
  });

  it('edits a headline in place: Enter commits through the reducer (the form shows it, Undo takes it back), Escape cancels, leaving commits', async () => {
    const user = userEvent.setup();
    open();
    const body = await canvas();
    await user.click(block(body, HERO));
    await user.click(within(body).getByRole('heading', { level: 1 }));
    const field = within(body).getByRole('textbox', { name: `Text of ${HERO}` }) as HTMLTextAreaElement;
    expect(field.value).toBe('Fresh coffee weekly');
    expect(field.ownerDocument.activeElement).toBe(field);
    await user.clear(field);
    await user.type(field, 'Better mornings{Enter}');
    expect(within(body).queryByRole('textbox')).toBeNull();
    expect(within(body).getByRole('heading', { level: 1 }).textContent).toBe('Better mornings');
    expect((within(panel()).getByLabelText('Headline') as HTMLInputElement).value).toBe('Better mornings');
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(within(body).getByRole('heading', { level: 1 }).textContent).toBe('Fresh coffee weekly');

    // Escape: nothing changes, the block stays selected and focused.
    const hero = block(body, 'Hero: Fresh coffee weekly');
    await user.click(within(body).getByRole('heading', { level: 1 }));
    await user.type(within(body).getByRole('textbox'), ' and more');
    await user.keyboard('{Escape}');
    expect(within(body).queryByRole('textbox')).toBeNull();
    expect(within(body).getByRole('heading', { level: 1 }).textContent).toBe('Fresh coffee weekly');
    expect(hero.getAttribute('aria-current')).toBe('true');
    expect(body.ownerDocument.activeElement).toBe(hero);

    // A button's label; leaving the field commits it.
    await user.click(within(body).getByRole('link', { name: 'Get started' }));
    const label = within(body).getByRole('textbox');
    await user.clear(label);
    await user.type(label, 'Join now');
    fireEvent.blur(label);
    expect(within(body).getByRole('link', { name: 'Join now' })).toBeTruthy();
    const main = within(panel()).getByRole('group', { name: 'Main button' });
    expect((within(main).getByLabelText('Button label') as HTMLInputElement).value).toBe('Join now');
  });

  it('keyboard: ↑/↓ go through the blocks (one tab stop), Enter selects, F2 edits, Alt+↑/↓ moves, Ctrl+D duplicates, Delete deletes, Ctrl+Z undoes, Escape leaves', async () => {
    const user = userEvent.setup();
    open();
    const body = await canvas();
    const tabbable = () =>
      [...body.querySelectorAll('[data-canvas-block]')].filter((el) => el.getAttribute('tabindex') === '0').map((el) => el.getAttribute('aria-label'));
    expect(tabbable()).toEqual([HERO]);
    block(body, HERO).focus();
    await user.keyboard('{ArrowDown}');
    expect(body.ownerDocument.activeElement).toBe(block(body, TEXT));
    expect(tabbable()).toEqual([TEXT]);
    await user.keyboard('{Enter}');
    expect(within(panel()).getByRole('heading', { name: 'Text' })).toBeTruthy();

    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(onPage(body)).toEqual([TEXT, HERO]);
    expect(body.ownerDocument.activeElement).toBe(block(body, TEXT));
    expect(screen.getByText(`${TEXT} moved to position 1 of 2.`)).toBeTruthy();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(onPage(body)).toEqual([HERO, TEXT]);

    await user.keyboard('{Control>}d{/Control}');
    expect(onPage(body)).toEqual([HERO, TEXT, TEXT]);
    expect(body.ownerDocument.activeElement?.getAttribute('data-canvas-block')).toBe('text-2');
    await user.keyboard('{Delete}');
    expect(onPage(body)).toEqual([HERO, TEXT]);
    await user.keyboard('{Control>}z{/Control}');
    expect(onPage(body)).toEqual([HERO, TEXT, TEXT]);

    // F2 on the hero edits its first text, the headline.
    block(body, HERO).focus();
    await user.keyboard('{F2}');
    const field = within(body).getByRole('textbox', { name: `Text of ${HERO}` }) as HTMLTextAreaElement;
    expect(field.value).toBe('Fresh coffee weekly');
    await user.keyboard('{Control>}a{/Control}Slow coffee{Enter}');
    expect(within(body).getByRole('heading', { level: 1 }).textContent).toBe('Slow coffee');
    expect(body.ownerDocument.activeElement).toBe(block(body, 'Hero: Slow coffee'));
    await user.keyboard('{Escape}');
    expect(block(body, 'Hero: Slow coffee').getAttribute('aria-current')).toBeNull();
    expect(within(body).queryByRole('toolbar')).toBeNull();
  });

  it('reorders by dragging the handle with pointer events (in the frame’s coordinates)', async () => {
    const user = userEvent.setup();
    open({}, pageDetail({ draft: { ...pageDetail().draft, blocks: [hero, text, { ...text, id: 'text-2', props: { markdown: 'More.', align: 'left' } }] } }));
    const body = await canvas();
    // Blocks 100 px tall, stacked (happy-dom does no layout).
    [...body.querySelectorAll('[data-canvas-block]')].forEach((el, i) => {
      el.getBoundingClientRect = () => ({ top: i * 100, height: 100, bottom: i * 100 + 100, left: 0, right: 1280, width: 1280, x: 0, y: i * 100 }) as DOMRect;
    });
    await user.click(block(body, HERO));
    const handle = body.querySelector('[data-drag-handle]')!;
    fireEvent.pointerDown(handle, { button: 0, pointerId: 1, clientY: 20 });
    fireEvent.pointerMove(handle, { pointerId: 1, clientY: 160 });
    expect(block(body, HERO).className).toContain('opacity-50');
    // The line shows after the text: the hero would land second.
    expect(block(body, TEXT).querySelector('.bottom-0.h-1, .top-0.h-1')).not.toBeNull();
    fireEvent.pointerUp(handle, { pointerId: 1, clientY: 260 });
    expect(onPage(body)).toEqual([TEXT, 'Text: More.', HERO]);
    expect(listNames()).toEqual([TEXT, 'Text: More.', HERO]);
    // A cancelled drag moves nothing.
    await user.click(block(body, TEXT));
    fireEvent.pointerDown(body.querySelector('[data-drag-handle]')!, { button: 0, pointerId: 2, clientY: 20 });
    fireEvent.pointerCancel(body.querySelector('[data-drag-handle]')!, { pointerId: 2, clientY: 260 });
    expect(onPage(body)).toEqual([TEXT, 'Text: More.', HERO]);
  });

  it('"+" between blocks adds the picked block there', async () => {
    const user = userEvent.setup();
    open();
    const body = await canvas();
    await user.click(block(body, HERO));
    await user.click(within(body).getByRole('button', { name: 'Add a block at position 2' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Add a block' })).getByRole('button', { name: /^FAQ/ }));
    expect(onPage(body)).toEqual([HERO, 'FAQ: Questions and answers', TEXT]);
    expect(within(panel()).getByRole('heading', { name: 'FAQ' })).toBeTruthy();
    await user.click(within(body).getByRole('button', { name: 'Add a block at position 1' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Add a block' })).getByRole('button', { name: /^Call to action/ }));
    expect(onPage(body)[0]).toMatch(/^Call to action/);
  });

  it('shows the page at real width (1280 / 390 px), fitted or zoomed', async () => {
    const user = useFakeClock();
    open();
    let iframe = await frame();
    expect(iframe.style.width).toBe('1280px');
    const zoom = screen.getByRole('group', { name: 'Zoom' });
    expect(within(zoom).getByRole('button', { name: 'Fit' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(within(zoom).getByRole('button', { name: '50%' }));
    expect(within(zoom).getByRole('button', { name: '50%' }).getAttribute('aria-pressed')).toBe('true');
    expect(iframe.style.transform).toBe('scale(0.5)');
    expect((iframe.parentElement as HTMLElement).style.width).toBe('640px');
    await user.click(within(zoom).getByRole('button', { name: '100%' }));
    expect(iframe.style.transform).toBe('');
    await user.click(screen.getByRole('button', { name: 'Phone' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    iframe = await frame();
    expect(iframe.style.width).toBe('390px');
    await user.click(within(zoom).getByRole('button', { name: '75%' }));
    expect(iframe.style.transform).toBe('scale(0.75)');
  });
});
