import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, signUp, uniqueEmail } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** A new project with a creative whose template has an (empty) picture frame; returns the creative's id. */
async function newCreative(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const json = { 'content-type': 'application/json' };
    const project = (await (await fetch('/api/projects', { method: 'POST', headers: json, body: JSON.stringify({ name: 'Drop Bakery' }) })).json()) as {
      id: string;
    };
    const response = await fetch(`/api/projects/${project.id}/creatives`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ template: 'split-image', format: 'square' }),
    });
    return ((await response.json()) as { id: string }).id;
  });
}

/** Drags a file made in the page over the layer and drops it there, as the desktop would (a real DataTransfer). */
async function dropFile(page: Page, layer: string, kind: 'png' | 'text'): Promise<{ hint: string | null }> {
  return page.evaluate(
    async ({ layer, kind }) => {
      let file: File;
      if (kind === 'png') {
        const canvas = document.createElement('canvas');
        canvas.width = 64;
        canvas.height = 48;
        const ctx = canvas.getContext('2d')!;
        ctx.fillStyle = '#d9467a';
        ctx.fillRect(0, 0, 64, 48);
        const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
        file = new File([blob], 'dropped.png', { type: 'image/png' });
      } else file = new File(['just words'], 'notes.txt', { type: 'text/plain' });
      const target = document.querySelector(`[data-layer="${layer}"]`)!;
      const data = new DataTransfer();
      data.items.add(file);
      const box = target.getBoundingClientRect();
      const at = { clientX: box.left + box.width / 2, clientY: box.top + box.height / 2 };
      target.dispatchEvent(new DragEvent('dragenter', { bubbles: true, cancelable: true, dataTransfer: data, ...at }));
      target.dispatchEvent(new DragEvent('dragover', { bubbles: true, cancelable: true, dataTransfer: data, ...at }));
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      const hint = [...document.querySelectorAll('[role="status"]')].map((e) => e.textContent).find((t) => t?.startsWith('Drop ')) ?? null;
      target.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: data, ...at }));
      return { hint };
    },
    { layer, kind },
  );
}

describe('replacing a picture by drag and drop in the browser', () => {
  it('uploads a picture dropped from the desktop onto the frame and swaps it in as one undo step; a text file is refused', async () => {
    const { context, page, errors } = await signUp(browser, uniqueEmail('editor-drop'));
    const id = await newCreative(page);
    await page.goto(`/creatives/${id}`);
    await page.locator('[data-layer="image"]').waitFor();
    const preview = page.getByTestId('stage-viewport');
    expect(await preview.locator('img[src^="/api/media/"]').count()).toBe(0);

    const refused = await dropFile(page, 'image', 'text');
    expect(refused.hint).toBe('Drop to replace the picture');
    await page.getByText(/“notes.txt” is not a picture/).waitFor();
    expect(await preview.locator('img[src^="/api/media/"]').count()).toBe(0);

    await dropFile(page, 'image', 'png');
    await preview.locator('img[src^="/api/media/"]').first().waitFor();
    // The picture is in the project's library too.
    const library = await page.evaluate(async (creative) => {
      const detail = (await (await fetch(`/api/creatives/${creative}`)).json()) as { projectId: string };
      const list = (await (await fetch(`/api/projects/${detail.projectId}/media?type=image`)).json()) as { items: { name: string }[] };
      return list.items.map((i) => i.name);
    }, id);
    expect(library).toContain('dropped.png');

    const undo = page.getByRole('button', { name: 'Undo' });
    await undo.click();
    await expect.poll(() => preview.locator('img[src^="/api/media/"]').count()).toBe(0);
    expect(await undo.isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
