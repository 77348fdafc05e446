import { act, fireEvent, screen, within } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { BRAND_FONTS } from '#common/fonts.ts';
import type { BrandKit, ProjectDetail } from '#common/schemas/projects.ts';
import { previewFamily } from '#client/components/font-picker.tsx';
import { BrandKitCard } from '#client/features/projects/brand-kit-card.tsx';
import { envelope, mockApi } from '#client/test/api-mock.ts';
import { brandProposal } from '#client/test/brand-proposal.ts';
import { FakeXhr } from '#client/test/fake-xhr.ts';
import { useFakeClock } from '#client/test/fake-clock.ts';
import { mediaItem, PROJECT_ID, projectDetail, renderScreen, writes } from '#client/test/fixtures.tsx';

/** The card's dialogs are loaded when first opened (a dynamic import): the first one can take longer than findBy's 1 s here. */
const LAZY = { timeout: 15_000 };

// The card's lazy dialogs, loaded before any test: under the fake clock, waitFor advances fake
// time without waiting in real time, so a module still being transformed on a loaded machine
// (clean-clone CI) ran out its 15 fake seconds before it arrived. Loaded here, React.lazy finds them at once.
beforeAll(async () => {
  await Promise.all([import('#client/features/projects/brand-read-dialog.tsx'), import('#client/components/media-picker.tsx')]);
});

const PATCH = `PATCH /api/projects/${PROJECT_ID}`;

/** The server's answer to a brand-kit PATCH: the project with the kit it was sent (normalised as the schema does). */
function echo(body: unknown) {
  const kit = (body as { brandKit: BrandKit }).brandKit;
  const brandKit = { ...kit, colors: kit.colors.map((c) => c.toLowerCase()), tone: kit.tone.trim() };
  return { status: 200, body: projectDetail({ brandKit, logoUrl: kit.logoMediaId ? `/api/media/${kit.logoMediaId}/thumbnail` : null }) };
}

const sentKits = (calls: { method: string; body: unknown }[]) => writes(calls).map((c) => (c.body as { brandKit: BrandKit }).brandKit);
const status = () => screen.getByRole('status', { name: 'Brand kit save state' }).textContent;
/** Lets the autosave's pause pass, and the request it starts settle. */
const pause = () => act(() => vi.advanceTimersByTimeAsync(1500));
/** Lets mocked requests answer (testing-library's waitFor would wait on the faked clock). */
const settle = () => act(() => vi.advanceTimersByTimeAsync(10));

/** The project page's part: it keeps the project and takes what a save returns. */
let showProject: (project: ProjectDetail) => void = () => {};
function Page({ initial, onSaved }: { initial: ProjectDetail; onSaved?: (project: ProjectDetail) => void }) {
  const [project, setProject] = useState(initial);
  useEffect(() => {
    showProject = setProject;
  }, []);
  return (
    <BrandKitCard
      project={project}
      onSaved={(saved) => {
        setProject(saved);
        onSaved?.(saved);
      }}
    />
  );
}

const fontButton = (label: string) => screen.getByRole('button', { name: new RegExp(`^${label}`) });

/** The font pickers show each font in its own face: a button opening a listbox. */
async function pickFont(user: ReturnType<typeof useFakeClock>, label: string, font: string) {
  await user.click(fontButton(label));
  await user.click(screen.getByRole('option', { name: new RegExp(`^${font}`) }));
}

describe('BrandKitCard', () => {
  const setup = useFakeClock;

  it('keeps the screen when typing into "Tone of voice" and changing both fonts', async () => {
    mockApi({ [PATCH]: echo });
    const user = setup();
    renderScreen(<Page initial={projectDetail()} />);
    const tone = screen.getByLabelText('Tone of voice');
    await user.type(tone, 'Warm and direct');
    expect(tone).toHaveProperty('value', 'Warm and direct');
    await pickFont(user, 'Heading font', 'Lora');
    await pickFont(user, 'Body font', 'Poppins');
    expect(fontButton('Heading font').textContent).toBe('Lora');
    expect(fontButton('Body font').textContent).toBe('Poppins');
    await user.clear(screen.getByLabelText('Colour 1 as hex'));
    await user.type(screen.getByLabelText('Colour 1 as hex'), '#AABBCC');
    expect(screen.getByLabelText('Colour 1 as hex')).toHaveProperty('value', '#AABBCC');
    await pause();
    expect(status()).toBe('Saved');
  });

  it('shows every font’s whole name in its own face; the two pickers stack in the project page’s narrow column', async () => {
    mockApi({ [PATCH]: echo });
    const user = setup();
    renderScreen(<Page initial={projectDetail()} />);
    await user.click(fontButton('Heading font'));
    const names = screen.getAllByRole('option').map((option) => option.querySelector('span') as HTMLElement);
    expect(names.map((name) => name.textContent)).toEqual(BRAND_FONTS.map((font) => font.name));
    for (const [index, name] of names.entries()) {
      expect(name.className).not.toMatch(/\btruncate\b/);
      expect(name.style.fontFamily).toBe(previewFamily(BRAND_FONTS[index]!.id));
    }
    // Side by side only where the card is wide (its own width, not the screen's: the card sits in a 22rem column on wide screens).
    const grid = fontButton('Heading font').closest('.grid')!;
    expect(grid.className.split(/\s+/)).toContain('@md:grid-cols-2');
    expect(grid.className).not.toMatch(/(^|\s)sm:grid-cols-2/);
    expect(grid.parentElement!.className.split(/\s+/)).toContain('@container');
  });

  it('saves every change by itself a moment after the last one: one request with the whole kit, then "Saved"', async () => {
    const calls = mockApi({ [PATCH]: echo });
    const onSaved = vi.fn<(project: ProjectDetail) => void>();
    const user = setup();
    renderScreen(<Page initial={projectDetail()} onSaved={onSaved} />);
    expect(status()).toBe('Saved');
    await user.type(screen.getByLabelText('Tone of voice'), 'Warm');
    await pickFont(user, 'Heading font', 'Playfair Display');
    expect(status()).toBe('Unsaved changes');
    expect(writes(calls)).toEqual([]);
    await pause();
    expect(sentKits(calls)).toEqual([{ logoMediaId: null, colors: ['#112233'], headingFont: 'playfair-display', bodyFont: 'inter', tone: 'Warm' }]);
    expect(status()).toBe('Saved');
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ brandKit: expect.objectContaining({ tone: 'Warm' }) }));
    // Nothing more to save: no second request.
    await pause();
    expect(writes(calls)).toHaveLength(1);
  });

  it('adds, changes (picker and hex) and removes colours, and saves them in lower case', async () => {
    const calls = mockApi({ [PATCH]: echo });
    const user = setup();
    renderScreen(<Page initial={projectDetail()} />);
    await user.click(screen.getByRole('button', { name: 'Add colour' }));
    expect(screen.getByText('(2 of 8)')).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Colour 2'), { target: { value: '#ff8800' } });
    expect(screen.getByLabelText('Colour 2 as hex')).toHaveProperty('value', '#ff8800');
    await user.clear(screen.getByLabelText('Colour 1 as hex'));
    await user.type(screen.getByLabelText('Colour 1 as hex'), '#ABCDEF');
    await pause();
    expect(sentKits(calls).at(-1)?.colors).toEqual(['#ABCDEF', '#ff8800']);
    await user.click(screen.getByRole('button', { name: 'Remove colour #ABCDEF' }));
    await pause();
    expect(sentKits(calls).at(-1)?.colors).toEqual(['#ff8800']);
    expect(status()).toBe('Saved');
  });

  it('does not save a colour that is not a colour, and says so', async () => {
    const calls = mockApi({ [PATCH]: echo });
    const user = setup();
    renderScreen(<Page initial={projectDetail()} />);
    await user.clear(screen.getByLabelText('Colour 1 as hex'));
    await user.type(screen.getByLabelText('Colour 1 as hex'), 'blue');
    await pause();
    expect(writes(calls)).toEqual([]);
    expect(screen.getByText('Use colours like #1A2B3C.')).toBeTruthy();
    expect(screen.getByLabelText('Colour 1 as hex').getAttribute('aria-invalid')).toBe('true');
    expect(status()).toContain('Not saved');
  });

  it('picks the logo from the library, shows it and saves it; Remove takes it out again', async () => {
    const calls = mockApi({
      [`GET /api/projects/${PROJECT_ID}/media`]: { status: 200, body: { items: [mediaItem('media_logo_aaaaaaaa', { name: 'logo.png' })], nextCursor: null } },
      [PATCH]: echo,
    });
    const user = setup();
    renderScreen(<Page initial={projectDetail()} />);
    expect(screen.getByText('None')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Choose from library' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose the logo' }, LAZY);
    await settle();
    await user.click(within(dialog).getByRole('button', { name: /logo\.png/ }));
    expect(screen.getByRole('img', { name: 'Logo' }).getAttribute('src')).toBe('/api/media/media_logo_aaaaaaaa/thumbnail');
    await pause();
    expect(sentKits(calls).at(-1)?.logoMediaId).toBe('media_logo_aaaaaaaa');
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.getByText('None')).toBeTruthy();
    await pause();
    expect(sentKits(calls).at(-1)?.logoMediaId).toBeNull();
  });

  it('uploads a logo right from its dialog (an empty library says so) and uses it', async () => {
    FakeXhr.install();
    const uploaded = mediaItem('media_logo_uploaded1', { name: 'acme-logo.png' });
    const calls = mockApi({
      [`GET /api/projects/${PROJECT_ID}/media`]: { status: 200, body: { items: [], nextCursor: null } },
      [`PUT /api/media/${uploaded.id}/thumbnail`]: { status: 200, body: uploaded },
      [PATCH]: echo,
    });
    const user = setup();
    renderScreen(<Page initial={projectDetail()} />);
    await user.click(screen.getByRole('button', { name: 'Choose from library' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose the logo' }, LAZY);
    await settle();
    expect(within(dialog).getByText(/No images in this project yet/)).toBeTruthy();
    await user.upload(within(dialog).getByLabelText('Choose files to upload'), new File([new Uint8Array(64)], 'acme-logo.png', { type: 'image/png' }));
    const xhr = FakeXhr.sent[0]!;
    expect([xhr.method, xhr.url]).toEqual(['POST', `/api/projects/${PROJECT_ID}/media?filename=acme-logo.png`]);
    act(() => xhr.respond(201, uploaded));
    await settle();
    // Picked as it arrives: the dialog closes, the card shows it, the kit saves it.
    expect(screen.queryByRole('dialog', { name: 'Choose the logo' })).toBeNull();
    expect(screen.getByRole('img', { name: 'Logo' }).getAttribute('src')).toBe(uploaded.thumbnailUrl ?? uploaded.fileUrl);
    await pause();
    expect(sentKits(calls).at(-1)?.logoMediaId).toBe(uploaded.id);
  });

  it('saves unsaved changes when the screen is left (a picked logo is not lost)', async () => {
    const calls = mockApi({
      [`GET /api/projects/${PROJECT_ID}/media`]: { status: 200, body: { items: [mediaItem('media_logo_aaaaaaaa')], nextCursor: null } },
      [PATCH]: echo,
    });
    const user = setup();
    const { unmount } = renderScreen(<Page initial={projectDetail()} />);
    await user.click(screen.getByRole('button', { name: 'Choose from library' }));
    await settle();
    await user.click(screen.getByRole('button', { name: /media_logo_aaaaaaaa/ }));
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(sentKits(calls)).toEqual([expect.objectContaining({ logoMediaId: 'media_logo_aaaaaaaa' })]);
  });

  it('asks before the page is closed or reloaded while changes are not saved yet', async () => {
    mockApi({ [PATCH]: echo });
    const user = setup();
    renderScreen(<Page initial={projectDetail()} />);
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.type(screen.getByLabelText('Tone of voice'), 'Calm');
    expect(unload()).toBe(true);
    await pause();
    expect(unload()).toBe(false);
  });

  it('shows a failed save with the server’s message (no reference for an expected error) and retries', async () => {
    let fail = true;
    const calls = mockApi({
      [PATCH]: (body) => (fail ? { status: 422, body: envelope('validation_failed', 'Use at most 500 characters.') } : echo(body)),
    });
    const user = setup();
    renderScreen(<Page initial={projectDetail()} />);
    await user.type(screen.getByLabelText('Tone of voice'), 'Bold');
    await pause();
    expect(status()).toContain('Not saved: Use at most 500 characters.');
    expect(status()).not.toContain('req_test');
    // It does not retry by itself in a loop.
    await pause();
    expect(writes(calls)).toHaveLength(1);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await pause();
    expect(writes(calls)).toHaveLength(2);
    expect(status()).toBe('Saved');
  });

  it('is read-only for viewers: nothing to change, nothing sent', async () => {
    useFakeClock();
    const calls = mockApi({});
    renderScreen(<Page initial={projectDetail({ role: 'viewer' })} />);
    expect(screen.getByLabelText('Tone of voice')).toHaveProperty('readOnly', true);
    expect(fontButton('Heading font')).toHaveProperty('disabled', true);
    expect(screen.queryByRole('button', { name: 'Choose from library' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add colour' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Read from website' })).toBeNull();
    expect(screen.queryByRole('status', { name: 'Brand kit save state' })).toBeNull();
    await pause();
    expect(writes(calls)).toEqual([]);
  });

  it('takes another member’s newer kit when the project is reloaded, unless there are unsaved changes', async () => {
    mockApi({ [PATCH]: echo });
    const user = setup();
    const first = projectDetail();
    renderScreen(<Page initial={first} />);
    const newer = projectDetail({ updatedAt: '2026-01-02T00:00:00.000Z', brandKit: { ...first.brandKit, tone: 'From a colleague' } });
    act(() => showProject(newer));
    expect(screen.getByLabelText('Tone of voice')).toHaveProperty('value', 'From a colleague');
    // A reload with the same kit (after an upload, say) keeps what is being typed.
    await user.type(screen.getByLabelText('Tone of voice'), '!');
    act(() => showProject({ ...newer }));
    expect(screen.getByLabelText('Tone of voice')).toHaveProperty('value', 'From a colleague!');
    await pause();
    expect(status()).toBe('Saved');
  });

  describe('"Read from website"', () => {
    const READ = `POST /api/projects/${PROJECT_ID}/brand-kit/read`;
    // The reads are POSTs too: the kits are the PATCHes'.
    const patchedKits = (calls: { method: string; body: unknown }[]) => sentKits(calls.filter((c) => c.method === 'PATCH'));
    const withSite = () =>
      projectDetail({
        website: 'https://acmesurf.example',
        brandKit: { logoMediaId: null, colors: ['#112233'], headingFont: 'inter', bodyFont: 'lato', tone: 'Calm and clear' },
      });

    it('reads the project’s website into the same review; what is kept replaces those parts of the kit, the card shows it saved', async () => {
      const calls = mockApi({ [READ]: { status: 200, body: brandProposal() }, [PATCH]: echo });
      const user = setup();
      renderScreen(<Page initial={withSite()} />);
      await user.click(screen.getByRole('button', { name: 'Read from website' }));
      const dialog = await screen.findByRole('dialog', { name: 'Read the brand kit from a website' }, LAZY);
      expect(within(dialog).getByLabelText('Website')).toHaveProperty('value', 'https://acmesurf.example');
      await user.click(within(dialog).getByRole('button', { name: 'Read' }));
      await settle();
      expect(document.activeElement).toBe(within(dialog).getByRole('heading', { name: 'What we found on acmesurf.example' }));
      expect(within(dialog).getByText('The colours you keep replace the brand kit’s colours.')).toBeTruthy();
      await user.click(within(dialog).getByRole('checkbox', { name: 'Keep this tone of voice' }));
      await user.click(within(dialog).getByRole('button', { name: 'Save brand kit' }));
      await settle();
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ url: 'https://acmesurf.example' }]);
      expect(patchedKits(calls)).toEqual([
        {
          logoMediaId: 'media_logo_bbbbbbbb',
          colors: ['#0f766e', '#fbbf24', '#1e3a8a'],
          headingFont: 'playfair-display',
          bodyFont: 'lato',
          tone: 'Calm and clear',
        },
      ]);
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(screen.getByLabelText('Colour 1 as hex')).toHaveProperty('value', '#0f766e');
      expect(screen.getByText('(3 of 8)')).toBeTruthy();
      expect(screen.getByRole('img', { name: 'Logo' }).getAttribute('src')).toBe('/api/media/media_logo_bbbbbbbb/thumbnail');
      expect(fontButton('Heading font').textContent).toBe('Playfair Display');
      // Saved already: nothing left for the autosave.
      await pause();
      expect(status()).toBe('Saved');
      expect(patchedKits(calls)).toHaveLength(1);
    });

    it('takes another address after a refused one, and "Cancel" leaves the kit as it is', async () => {
      const calls = mockApi({
        [READ]: (body) =>
          (body as { url: string }).url === 'https://intranet.example'
            ? {
                status: 422,
                body: envelope('validation_failed', 'That address is not on the public internet.', { url: ['That address is not on the public internet.'] }),
              }
            : { status: 200, body: brandProposal() },
        [PATCH]: echo,
      });
      const user = setup();
      renderScreen(<Page initial={withSite()} />);
      await user.click(screen.getByRole('button', { name: 'Read from website' }));
      const dialog = await screen.findByRole('dialog', { name: 'Read the brand kit from a website' }, LAZY);
      const address = within(dialog).getByLabelText('Website');
      await user.clear(address);
      await user.type(address, 'https://intranet.example');
      await user.click(within(dialog).getByRole('button', { name: 'Read' }));
      await settle();
      expect(within(dialog).getByRole('alert').textContent).toContain('That address is not on the public internet.');
      await user.clear(address);
      await user.type(address, 'acmesurf.example');
      await user.click(within(dialog).getByRole('button', { name: 'Read' }));
      await settle();
      expect(within(dialog).getByRole('heading', { name: 'What we found on acmesurf.example' })).toBeTruthy();
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
        // A bare domain is sent as the schema makes it, with https://.
        { url: 'https://intranet.example' },
        { url: 'https://acmesurf.example' },
      ]);
      await pause();
      expect(patchedKits(calls)).toEqual([]);
      expect(screen.getByLabelText('Colour 1 as hex')).toHaveProperty('value', '#112233');
    });
  });
});
