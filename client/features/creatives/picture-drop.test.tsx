import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildTemplate } from '#common/creative/templates.ts';
import type { CreativeDetail } from '#common/schemas/creatives.ts';
import { DEFAULT_BRAND_KIT } from '#common/schemas/projects.ts';
import { ToastProvider } from '#client/components/toast.tsx';
import { SessionProvider } from '#client/lib/session.tsx';
import CreativeEditorRoute from '#client/app/routes/creative-editor.tsx';
import { mockApi } from '#client/test/api-mock.ts';
import { FakeXhr } from '#client/test/fake-xhr.ts';
import { MEDIA_DRAG_TYPE, readMediaDrag, replacePicture } from '#client/features/creatives/picture-drop.tsx';

const ID = 'creative_aaaaaaaaaaaa';
const PROJECT = 'proj_aaaaaaaaaaaaaaaa';

function detail(role: CreativeDetail['role'], template = 'split-image'): CreativeDetail {
  return {
    id: ID,
    projectId: PROJECT,
    projectName: 'Bakery',
    role,
    name: 'Spring launch',
    status: 'draft',
    format: 'square',
    template,
    revision: { id: 'rev_aaaaaaaaaaaaaaaa', number: 1 },
    document: buildTemplate(template, { brand: DEFAULT_BRAND_KIT, format: 'square', imageMediaId: 'media_old' }),
    images: { media_old: '/old.png' },
    lastCreationId: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-02T10:00:00.000Z',
    brandKit: DEFAULT_BRAND_KIT,
    projectArchived: false,
    currentCreationId: null,
  };
}

const NEW_MEDIA = {
  id: 'media_new',
  projectId: PROJECT,
  kind: 'image',
  name: 'photo.png',
  alt: '',
  mime: 'image/png',
  size: 10,
  focal: { x: 20, y: 30 },
  fileUrl: '/api/media/media_new/file',
  thumbnailUrl: null,
  createdAt: '2026-03-02T10:00:00.000Z',
};

function open(role: CreativeDetail['role'] = 'editor', template?: string) {
  const calls = mockApi({
    [`GET /api/creatives/${ID}`]: { status: 200, body: detail(role, template) },
    [`GET /api/projects/${PROJECT}/media`]: {
      status: 200,
      body: { items: [NEW_MEDIA, { ...NEW_MEDIA, id: 'media_lib', name: 'lib.png', fileUrl: '/api/media/media_lib/file' }], nextCursor: null },
    },
  });
  const router = createMemoryRouter([{ path: '/creatives/:objectId', element: <CreativeEditorRoute /> }], { initialEntries: [`/creatives/${ID}`] });
  const view = render(
    <SessionProvider initialUser={null}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </SessionProvider>,
  );
  return { calls, view };
}

/** A DataTransfer as the browser hands it to drag events: files from the desktop, or our library type. */
function files(...list: File[]) {
  return { types: ['Files'], files: list, getData: () => '', dropEffect: 'none', effectAllowed: 'all' };
}
function library(payload: string) {
  return {
    types: [MEDIA_DRAG_TYPE],
    files: [],
    getData: (type: string) => (type === MEDIA_DRAG_TYPE ? payload : ''),
    dropEffect: 'none',
    effectAllowed: 'all',
  };
}

async function layerBox(id: string) {
  await screen.findByRole('region', { name: 'Canvas' });
  return await waitFor(() => {
    const box = document.querySelector<HTMLElement>(`[data-layer="${id}"]`);
    if (!box) throw new Error('no layer box yet');
    return box;
  });
}

const pictures = () => [...document.querySelectorAll('img')].map((img) => img.getAttribute('src'));
const undo = () => screen.getByRole('button', { name: 'Undo' }) as HTMLButtonElement;

describe('dropping a picture on the canvas', () => {
  it('uploads a file dropped on an image layer with progress, then swaps the picture in one undo step', async () => {
    FakeXhr.install();
    open();
    const box = await layerBox('image');
    const photo = new File([new Uint8Array(10)], 'photo.png', { type: 'image/png' });
    fireEvent.dragOver(box, { dataTransfer: files(photo) });
    expect(screen.getByText('Drop to replace the picture')).toBeTruthy();
    expect(screen.getByTestId('drop-highlight')).toBeTruthy();
    expect(undo().disabled).toBe(true);

    fireEvent.drop(box, { dataTransfer: files(photo) });
    expect(screen.queryByText('Drop to replace the picture')).toBeNull();
    // The upload code loads with the first dropped file.
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(`/api/projects/${PROJECT}/media?filename=photo.png`);
    expect(xhr.body).toBe(photo);
    xhr.progress(40, 100);
    const bar = await screen.findByRole('progressbar', { name: 'Uploading photo.png' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('40'));
    // Not swapped before the upload is done.
    expect(pictures()).toContain('/old.png');
    xhr.respond(201, NEW_MEDIA);

    await waitFor(() => expect(pictures()).toContain('/api/media/media_new/file'));
    expect(pictures()).not.toContain('/old.png');
    expect(screen.queryByRole('progressbar', { name: 'Uploading photo.png' })).toBeNull();
    expect(undo().disabled).toBe(false);
    await userEvent.click(undo());
    // One step back is the old picture, and nothing more to undo.
    expect(pictures()).toContain('/old.png');
    expect(pictures()).not.toContain('/api/media/media_new/file');
    expect(undo().disabled).toBe(true);
  });

  it('refuses a file that is not a picture, or too large, with a message and no upload', async () => {
    FakeXhr.install();
    open();
    const box = await layerBox('image');
    fireEvent.drop(box, { dataTransfer: files(new File(['hello'], 'notes.txt', { type: 'text/plain' })) });
    expect(await screen.findByText(/“notes.txt” is not a picture/)).toBeTruthy();
    const huge = new File([new Uint8Array(10)], 'huge.png', { type: 'image/png' });
    Object.defineProperty(huge, 'size', { value: 500 * 1024 * 1024 });
    fireEvent.drop(box, { dataTransfer: files(huge) });
    expect(await screen.findByText(/“huge.png” is too large: pictures can be up to/)).toBeTruthy();
    expect(FakeXhr.sent).toEqual([]);
    expect(pictures()).toContain('/old.png');
    expect(undo().disabled).toBe(true);
  });

  it('swaps in a picture dragged from the media picker without uploading it', async () => {
    FakeXhr.install();
    const { calls } = open();
    const box = await layerBox('image');
    // The picker's tile puts the media id (and focal point) on the drag, under our own type.
    await userEvent.click(box);
    await userEvent.click(screen.getByRole('button', { name: 'Change picture' }));
    const tile = await screen.findByRole('button', { name: /lib\.png/ });
    const data: Record<string, string> = {};
    fireEvent.dragStart(tile, { dataTransfer: { setData: (type: string, value: string) => (data[type] = value), effectAllowed: 'all' } });
    expect(readMediaDrag(data[MEDIA_DRAG_TYPE]!)).toEqual({ id: 'media_lib', focal: { x: 20, y: 30 } });
    await userEvent.keyboard('{Escape}');

    fireEvent.dragOver(box, { dataTransfer: library(data[MEDIA_DRAG_TYPE]!) });
    expect(screen.getByText('Drop to replace the picture')).toBeTruthy();
    fireEvent.drop(box, { dataTransfer: library(data[MEDIA_DRAG_TYPE]!) });
    await waitFor(() => expect(pictures()).toContain('/api/media/media_lib/file'));
    expect(FakeXhr.sent).toEqual([]);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await userEvent.click(undo());
    expect(pictures()).toContain('/old.png');
    expect(undo().disabled).toBe(true);
  });

  it('makes a picture dropped on an empty canvas its background', async () => {
    open('editor', 'bold-headline');
    await layerBox('headline');
    const canvas = screen.getByTestId('stage-overlay');
    fireEvent.dragOver(canvas, { dataTransfer: library(JSON.stringify({ id: 'media_lib' })) });
    expect(screen.getByText('Drop to make it the background picture')).toBeTruthy();
    fireEvent.drop(canvas, { dataTransfer: library(JSON.stringify({ id: 'media_lib' })) });
    await waitFor(() => expect(pictures()).toContain('/api/media/media_lib/file'));
  });

  it('takes no drops in a viewer’s editor', async () => {
    FakeXhr.install();
    const { calls } = open('viewer');
    const box = await layerBox('image');
    const photo = new File([new Uint8Array(10)], 'photo.png', { type: 'image/png' });
    // Not cancelled: the browser shows "no drop" and nothing here reacts.
    expect(fireEvent.dragOver(box, { dataTransfer: files(photo) })).toBe(true);
    expect(screen.queryByText('Drop to replace the picture')).toBeNull();
    expect(fireEvent.drop(box, { dataTransfer: library(JSON.stringify({ id: 'media_lib' })) })).toBe(true);
    fireEvent.drop(box, { dataTransfer: files(photo) });
    expect(FakeXhr.sent).toEqual([]);
    expect(pictures()).toContain('/old.png');
    expect(pictures()).not.toContain('/api/media/media_lib/file');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('keeps the Change picture button as the keyboard way to replace a picture', async () => {
    open();
    const box = await layerBox('image');
    // A focused layer is the selected one; Enter on its Change picture button opens the library, Enter on a tile picks it.
    box.focus();
    const change = await screen.findByRole('button', { name: 'Change picture' });
    change.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Choose a picture' });
    const tile = await within(dialog).findByRole('button', { name: /lib\.png/ });
    tile.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(pictures()).toContain('/api/media/media_lib/file'));
  }, 15_000);
});

describe('replacePicture', () => {
  const doc = buildTemplate('split-image', { brand: DEFAULT_BRAND_KIT, format: 'square', imageMediaId: 'media_old' });

  it('puts the picture and its focal point into an image layer, resetting the zoom', () => {
    const next = replacePicture(doc, { layerId: 'image' }, { id: 'media_new', focal: { x: 20, y: 30 } })!;
    expect(next.layers.find((l) => l.id === 'image')).toMatchObject({ mediaId: 'media_new', focal: { x: 20, y: 30 } });
    expect(next.layers.filter((l) => l.id !== 'image')).toEqual(doc.layers.filter((l) => l.id !== 'image'));
  });

  it('refuses a text layer, a locked frame or a layer that is gone', () => {
    expect(replacePicture(doc, { layerId: 'headline' }, { id: 'media_new' })).toBeNull();
    expect(replacePicture(doc, { layerId: 'nope' }, { id: 'media_new' })).toBeNull();
    const locked = { ...doc, layers: doc.layers.map((l) => (l.id === 'image' ? { ...l, locked: true } : l)) };
    expect(replacePicture(locked, { layerId: 'image' }, { id: 'media_new' })).toBeNull();
  });

  it('turns a colour background into a picture over that colour', () => {
    const next = replacePicture({ ...doc, background: { type: 'color', color: '#123456' } }, 'background', { id: 'media_new' })!;
    expect(next.background).toEqual({ type: 'media', mediaId: 'media_new', color: '#123456', overlay: 0 });
  });

  it('reads only a well-formed library drag', () => {
    expect(readMediaDrag('{"id":"media_1","focal":{"x":10,"y":90}}')).toEqual({ id: 'media_1', focal: { x: 10, y: 90 } });
    expect(readMediaDrag('{"id":"media_1","focal":{"x":500,"y":90}}')).toEqual({ id: 'media_1', focal: undefined });
    expect(readMediaDrag('{"id":"../../x"}')).toBeNull();
    expect(readMediaDrag('not json')).toBeNull();
    expect(readMediaDrag('{"id":"https://evil.example/p.png"}')).toBeNull();
  });
});
