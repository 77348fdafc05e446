import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { CreativeDocument, Layer } from '#common/creative/document.ts';
import type { BrandFontItem } from '#common/schemas/brand-fonts.ts';
import { PropertiesPanel } from '#client/features/creatives/editor-panels.tsx';
import { fontFileProblem, useBrandFonts, type BrandFonts } from '#client/features/creatives/brand-fonts.ts';
import { testFallbackI18n } from '#client/lib/i18n-context.tsx';
import { envelope } from '#client/test/api-mock.ts';

const PROJECT = 'proj_aaaaaaaaaaaaaaaa';

const headline: Layer = {
  id: 'headline',
  type: 'text',
  x: 10,
  y: 10,
  w: 80,
  h: 30,
  text: 'Fresh bread every morning',
  font: 'inter',
  weight: 700,
  size: 9,
  color: '#111111',
  align: 'left',
  vAlign: 'top',
  lineHeight: 1.1,
  uppercase: false,
};

const DOC: CreativeDocument = { version: 2, format: 'square', template: 'bold-headline', background: { type: 'color', color: '#ffffff' }, layers: [headline] };

function font(id: string, family: string): BrandFontItem {
  return {
    id,
    ref: `brand:${id}`,
    family,
    weight: 400,
    format: 'ttf',
    size: 1000,
    url: `/api/projects/${PROJECT}/fonts/${id}/file`,
    createdAt: '2026-11-01T00:00:00.000Z',
  };
}

/** The panel as the editor mounts it: the document in state, the project's fonts from the API (fetch mocked). */
function Panel({ onDoc, canUpload = true, readOnly = false }: { onDoc: (doc: CreativeDocument) => void; canUpload?: boolean; readOnly?: boolean }) {
  const [doc, setDoc] = useState(DOC);
  const brandFonts: BrandFonts = useBrandFonts(PROJECT, canUpload);
  return (
    <PropertiesPanel
      doc={doc}
      selected="headline"
      readOnly={readOnly}
      palette={[]}
      brandFonts={brandFonts}
      onPickImage={() => {}}
      onChange={(next) => {
        setDoc(next);
        onDoc(next);
      }}
    />
  );
}

function mockFonts(list: BrandFontItem[], uploadReply?: () => Response) {
  const requests: { method: string; url: string; size: number }[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const url = input instanceof Request ? input.url : new URL(String(input), 'http://localhost').href;
    requests.push({ method, url, size: init?.body instanceof Blob ? init.body.size : 0 });
    if (method === 'GET') return Promise.resolve(Response.json({ items: list, nextCursor: null }));
    return Promise.resolve(uploadReply ? uploadReply() : Response.json(font('new_font_id', 'Uploaded Serif'), { status: 201 }));
  });
  return requests;
}

const fontButton = () => screen.getByRole('button', { name: /^Font/ });
const layerOf = (doc: CreativeDocument) => doc.layers[0] as Extract<Layer, { type: 'text' }>;

describe('the text layer font field', () => {
  it("lists the project's uploaded fonts first, registered for the preview, and applies one from the keyboard", async () => {
    const added: string[] = [];
    vi.stubGlobal(
      'FontFace',
      class {
        constructor(
          readonly family: string,
          readonly source: string,
          readonly descriptors: FontFaceDescriptors,
        ) {
          added.push(`${family} ${source} ${descriptors.weight}`);
        }
      },
    );
    const fontsSet = { add: vi.fn() };
    Object.defineProperty(document, 'fonts', { value: fontsSet, configurable: true });
    mockFonts([font('brand_font_one', 'Acme Display')]);
    const onDoc = vi.fn();
    const user = userEvent.setup();
    render(<Panel onDoc={onDoc} />);
    await waitFor(() => expect(added).toEqual([`cf-brand-brand_font_one url("/api/projects/${PROJECT}/fonts/brand_font_one/file") 100 900`]));
    expect(fontsSet.add).toHaveBeenCalledTimes(1);
    fontButton().focus();
    await user.keyboard('{ArrowDown}');
    const options = screen.getAllByRole('option');
    expect(options[0]!.textContent).toMatch(/^Acme Display.*Uploaded/);
    expect(options[1]!.textContent).toMatch(/^Inter/);
    await user.keyboard('{Home}{Enter}');
    expect(layerOf(onDoc.mock.lastCall![0] as CreativeDocument).font).toBe('brand:brand_font_one');
    expect(fontButton().textContent).toBe('Acme Display');
  });

  it('uploads a font, then uses it; a refused file says why and changes nothing', async () => {
    const requests = mockFonts([]);
    const onDoc = vi.fn();
    // The file dialog's filter can be switched off by the user: the checks must hold without it.
    const user = userEvent.setup({ applyAccept: false });
    render(<Panel onDoc={onDoc} />);
    const input = await screen.findByLabelText(/Upload a font/);
    await user.upload(input, new File(['0'.repeat(64)], 'Uploaded Serif.ttf', { type: 'font/ttf' }));
    await waitFor(() => expect(layerOf(onDoc.mock.lastCall![0] as CreativeDocument).font).toBe('brand:new_font_id'));
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.url).toBe(`http://localhost/api/projects/${PROJECT}/fonts?filename=Uploaded%20Serif.ttf`);
    expect(post.size).toBe(64);
    expect(fontButton().textContent).toBe('Uploaded Serif');

    // Refused by the browser before sending (WOFF2), then by the server (not a font).
    onDoc.mockClear();
    await user.upload(input, new File(['0'], 'brand.woff2'));
    expect((await screen.findByRole('alert')).textContent).toMatch(/WOFF2/);
    vi.mocked(fetch).mockImplementation(async () =>
      Response.json(envelope('unsupported_media_type', 'That is not a font file: upload a TTF, OTF or WOFF file.'), { status: 415 }),
    );
    await user.upload(input, new File(['0'], 'logo.ttf'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('That is not a font file: upload a TTF, OTF or WOFF file.'));
    expect(onDoc).not.toHaveBeenCalled();
  });

  it('offers no upload to viewers, and names a deleted font', async () => {
    mockFonts([]);
    render(
      <PropertiesPanel
        doc={{ ...DOC, layers: [{ ...headline, font: 'brand:deleted_font' }] }}
        selected="headline"
        readOnly
        palette={[]}
        brandFonts={{ status: 'ready', fonts: [] }}
        onPickImage={() => {}}
        onChange={() => {}}
      />,
    );
    expect(screen.queryByLabelText(/Upload a font/)).toBeNull();
    expect(fontButton().textContent).toBe('Deleted font (drawn in Inter)');
    expect(fontButton()).toHaveProperty('disabled', true);
  });

  it('checks a file before sending it', () => {
    const i18n = testFallbackI18n()!;
    const english = i18n._.bind(i18n);
    expect(fontFileProblem(new File(['0'], 'a.woff2'), english)).toMatch(/WOFF2/);
    expect(fontFileProblem(new File(['0'], 'a.pdf'), english)).toMatch(/TTF, OTF or WOFF/);
    expect(fontFileProblem(new File([new Uint8Array(5 * 1024 * 1024)], 'a.otf'), english)).toMatch(/4 MiB/);
    expect(fontFileProblem(new File(['0'], 'A.TTF'), english)).toBeNull();
  });
});

describe('the auto-fit toggle', () => {
  it('turns "Shrink to fit the box" on and off, with the keyboard too', async () => {
    mockFonts([]);
    const onDoc = vi.fn();
    const user = userEvent.setup();
    render(<Panel onDoc={onDoc} />);
    const toggle = screen.getByRole('checkbox', { name: 'Shrink to fit the box' });
    expect(toggle).toHaveProperty('checked', false);
    expect(screen.getByText('The text keeps its size, even when it overflows.')).toBeTruthy();
    await user.click(toggle);
    expect(layerOf(onDoc.mock.lastCall![0] as CreativeDocument).autoFit).toBe(true);
    expect(screen.getByText('Drawn at up to 97.2 px (the size above), smaller when the text needs it.')).toBeTruthy();
    toggle.focus();
    await user.keyboard(' ');
    expect(layerOf(onDoc.mock.lastCall![0] as CreativeDocument).autoFit).toBe(false);
    expect(toggle).toHaveProperty('checked', false);
  });
});
