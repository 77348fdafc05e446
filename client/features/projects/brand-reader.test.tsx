import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BrandProposal } from '#common/schemas/brand-reader.ts';
import { DEFAULT_BRAND_KIT, type BrandKit, type ProjectDetail } from '#common/schemas/projects.ts';
import { projectsApi } from '#client/features/projects/api.ts';
import { BrandReader } from '#client/features/projects/brand-reader.tsx';
import { startI18n } from '#client/lib/i18n.tsx';
import { I18nRoot } from '#client/lib/i18n-root.tsx';
import { brandProposal, EMPTY_PROPOSAL } from '#client/test/brand-proposal.ts';
import { envelope, mockApi, type RecordedCall } from '#client/test/api-mock.ts';
import { PROJECT_ID, projectDetail, renderScreen } from '#client/test/fixtures.tsx';

const READ = `POST /api/projects/${PROJECT_ID}/brand-kit/read`;
const PATCH = `PATCH /api/projects/${PROJECT_ID}`;

/** The server's answer to a PATCH: the project with what it was sent. */
function echo(body: unknown) {
  const update = body as { name?: string; brandKit: BrandKit };
  return { status: 200, body: projectDetail({ ...(update.name ? { name: update.name } : {}), brandKit: update.brandKit }) };
}
const patches = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'PATCH').map((c) => c.body);
const reads = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'POST');

function show() {
  const onDone = vi.fn<(project: ProjectDetail | null) => void>();
  renderScreen(
    <BrandReader
      projectId={PROJECT_ID}
      url="https://acmesurf.example"
      base={DEFAULT_BRAND_KIT}
      projectName="Acme"
      save={(update) => projectsApi.update(PROJECT_ID, update)}
      onDone={onDone}
    />,
  );
  return { onDone, user: userEvent.setup() };
}

const review = () => screen.findByRole('heading', { name: 'What we found on acmesurf.example' });
const box = (name: string | RegExp) => screen.getByRole('checkbox', { name });

/** A font picker (a button opening a listbox of fonts, each in its own face). */
async function pickFont(user: ReturnType<typeof userEvent.setup>, label: string, font: string) {
  await user.click(screen.getByRole('button', { name: new RegExp(`^${label}`) }));
  await user.click(screen.getByRole('option', { name: new RegExp(`^${font}`) }));
}

describe('the brand-kit reader', () => {
  it('shows a progress message while the site is read, then the review with the focus on its heading', async () => {
    let answer: (proposal: BrandProposal) => void = () => {};
    const calls = mockApi({ [READ]: () => new Promise((resolve) => (answer = (body) => resolve({ status: 200, body }))) });
    show();
    const progress = screen.getByRole('status');
    expect(progress.textContent).toContain('Reading acmesurf.example: looking for the logo, colours, fonts and a description.');
    expect(progress.getAttribute('aria-busy')).toBe('true');
    expect(document.activeElement).toBe(progress);
    await waitFor(() =>
      expect(reads(calls)).toEqual([{ method: 'POST', path: `/api/projects/${PROJECT_ID}/brand-kit/read`, body: { url: 'https://acmesurf.example' } }]),
    );
    answer(brandProposal());
    const heading = await review();
    expect(document.activeElement).toBe(heading);
    expect(screen.queryByText(/Reading acmesurf\.example/)).toBeNull();
  });

  it('shows each proposal with its own choice and saves only what is kept', async () => {
    const calls = mockApi({ [READ]: { status: 200, body: brandProposal() }, [PATCH]: echo });
    const { onDone, user } = show();
    await review();
    expect(screen.getByRole('img', { name: 'Logo found on acmesurf.example' }).getAttribute('src')).toBe('/api/media/media_logo_bbbbbbbb/thumbnail');
    expect(box('Use this logo')).toHaveProperty('checked', true);
    expect(box('#0f766e — AA on white (5.47:1)')).toHaveProperty('checked', true);
    expect(box('#fbbf24 — low contrast on white (1.67:1), AA on black')).toHaveProperty('checked', true);
    expect(box('#1e3a8a — AA on white (10.36:1)')).toHaveProperty('checked', true);
    // A bundled match is kept and shown in its own face; a family without one waits for a pick.
    const heading = box('Use for headings: Playfair Display');
    expect(heading).toHaveProperty('checked', true);
    expect(within(heading.closest('label')!).getByText('Playfair Display').style.fontFamily).toContain('cf-playfair-display');
    expect(box('Use for body text: Inter')).toHaveProperty('checked', false);
    expect(screen.getByText('The site uses “Helvetica Neue”: not bundled — pick a close one or upload it on the brand kit page.')).toBeTruthy();
    expect(box('Use it as the project name (now “Acme”)')).toHaveProperty('checked', false);
    expect(screen.getByLabelText('Name on the site')).toHaveProperty('value', 'Acme Surf School');
    expect(box('Keep this tone of voice')).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Tone of voice draft')).toHaveProperty('value', 'Surf lessons for every level on the Basque coast.');
    expect(screen.queryByText('Good to know')).toBeNull();

    await user.click(box('Use this logo'));
    await user.click(box(/^#fbbf24/));
    await user.click(screen.getByRole('button', { name: 'Save brand kit' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(patches(calls)).toEqual([
      {
        brandKit: {
          logoMediaId: null,
          colors: ['#0f766e', '#1e3a8a'],
          headingFont: 'playfair-display',
          bodyFont: 'inter',
          tone: 'Surf lessons for every level on the Basque coast.',
        },
      },
    ]);
    expect(onDone.mock.calls[0]![0]?.brandKit.colors).toEqual(['#0f766e', '#1e3a8a']);
  });

  it('saves the name (edited) as the project name only when kept, and the tone as edited', async () => {
    const calls = mockApi({ [READ]: { status: 200, body: brandProposal() }, [PATCH]: echo });
    const { onDone, user } = show();
    await review();
    const name = screen.getByLabelText('Name on the site');
    await user.clear(name);
    await user.type(name, '  Acme Surf  ');
    // Editing the name means using it.
    expect(box(/^Use it as the project name/)).toHaveProperty('checked', true);
    const tone = screen.getByLabelText('Tone of voice draft');
    await user.clear(tone);
    await user.type(tone, 'Warm, direct, no jargon.');
    await user.click(screen.getByRole('button', { name: 'Save brand kit' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(patches(calls)).toEqual([expect.objectContaining({ name: 'Acme Surf', brandKit: expect.objectContaining({ tone: 'Warm, direct, no jargon.' }) })]);
  });

  it('checks the name and the tone before saving: an empty name or a tone too long is said at the field, nothing sent', async () => {
    const calls = mockApi({ [READ]: { status: 200, body: brandProposal() }, [PATCH]: echo });
    const { onDone, user } = show();
    await review();
    await user.clear(screen.getByLabelText('Name on the site'));
    expect(box(/^Use it as the project name/)).toHaveProperty('checked', true);
    await user.click(screen.getByRole('button', { name: 'Save brand kit' }));
    expect(screen.getByText('Give the project a name.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name on the site')));
    await user.click(box(/^Use it as the project name/));
    const tone = screen.getByLabelText('Tone of voice draft');
    await user.click(tone);
    await user.paste('x'.repeat(500));
    await user.click(screen.getByRole('button', { name: 'Save brand kit' }));
    expect(screen.getByText('Use at most 500 characters.')).toBeTruthy();
    expect(tone.getAttribute('aria-invalid')).toBe('true');
    expect(patches(calls)).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('maps fonts with the select: a family not bundled is used once a close font is picked, a match can be changed', async () => {
    const calls = mockApi({ [READ]: { status: 200, body: brandProposal() }, [PATCH]: echo });
    const { onDone, user } = show();
    await review();
    await pickFont(user, 'Body font', 'Open Sans');
    expect(box('Use for body text: Open Sans')).toHaveProperty('checked', true);
    await pickFont(user, 'Heading font', 'Lora');
    expect(box('Use for headings: Lora')).toHaveProperty('checked', true);
    await user.click(screen.getByRole('button', { name: 'Save brand kit' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(patches(calls)).toEqual([{ brandKit: expect.objectContaining({ headingFont: 'lora', bodyFont: 'open-sans' }) }]);
  });

  it('shows a refused address (422) in the server’s words, and "Try again" reads again', async () => {
    let refuse = true;
    const calls = mockApi({
      [READ]: () =>
        refuse
          ? {
              status: 422,
              body: envelope('validation_failed', 'That address is not on the public internet.', { url: ['That address is not on the public internet.'] }),
            }
          : { status: 200, body: brandProposal() },
    });
    const { user } = show();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('acmesurf.example could not be readThat address is not on the public internet.');
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await review();
    expect(reads(calls)).toHaveLength(2);
  });

  it('says a site that did not answer (502) in plain words, without a reference; "Continue without" saves nothing', async () => {
    const calls = mockApi({ [READ]: { status: 502, body: envelope('upstream_failed', 'Upstream request failed.') } });
    const { onDone, user } = show();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The website did not answer in time, or answered with an error.');
    expect(alert.textContent).not.toContain('Upstream');
    expect(alert.textContent).not.toContain('req_test');
    expect(document.activeElement?.contains(alert)).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Continue without' }));
    expect(onDone).toHaveBeenCalledWith(null);
    expect(patches(calls)).toEqual([]);
  });

  it('"Skip" keeps nothing and saves nothing', async () => {
    const calls = mockApi({ [READ]: { status: 200, body: brandProposal() }, [PATCH]: echo });
    const { onDone, user } = show();
    await review();
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    expect(onDone).toHaveBeenCalledWith(null);
    expect(patches(calls)).toEqual([]);
  });

  it('saves nothing when nothing is kept', async () => {
    const calls = mockApi({ [READ]: { status: 200, body: brandProposal({ name: null, tone: null, fonts: { heading: null, body: null } }) }, [PATCH]: echo });
    const { onDone, user } = show();
    await review();
    for (const name of ['Use this logo', /^#0f766e/, /^#fbbf24/, /^#1e3a8a/]) await user.click(box(name));
    await user.click(screen.getByRole('button', { name: 'Save brand kit' }));
    expect(onDone).toHaveBeenCalledWith(null);
    expect(patches(calls)).toEqual([]);
  });

  it('shows the warnings that came with the proposal', async () => {
    mockApi({
      [READ]: { status: 200, body: brandProposal({ warnings: [{ code: 'svgScripts' }, { code: 'stylesheets', count: 2 }] }) },
    });
    show();
    await review();
    const warning = screen.getByRole('alert');
    expect(within(warning).getByText('Good to know')).toBeTruthy();
    expect(
      within(warning)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['The site’s SVG logo contains scripts, so it was not used.', '2 stylesheets of the site could not be read; colours and fonts may be missing.']);
  });

  it('says so when nothing was found, and lets the user continue', async () => {
    const calls = mockApi({ [READ]: { status: 200, body: { ...EMPTY_PROPOSAL, warnings: [{ code: 'noLogo' }] } } });
    const { onDone, user } = show();
    const heading = await screen.findByRole('heading', { name: 'Nothing to use found on blank.example' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText(/The page has no logo, colours, fonts or description we could read/)).toBeTruthy();
    expect(screen.getByText('No usable logo was found on the site. Upload one from the media library.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save brand kit' })).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onDone).toHaveBeenCalledWith(null);
    expect(patches(calls)).toEqual([]);
  });

  it('keeps the review when the save fails, with the message and a reference', async () => {
    let fail = true;
    const calls = mockApi({
      [READ]: { status: 200, body: brandProposal() },
      [PATCH]: (body) => (fail ? { status: 500, body: envelope('internal', 'Something went wrong on our side. Please try again.') } : echo(body)),
    });
    const { onDone, user } = show();
    await review();
    await user.click(screen.getByRole('button', { name: 'Save brand kit' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong on our side. Please try again. (reference req_test_1234567)');
    expect(onDone).not.toHaveBeenCalled();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Save brand kit' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(patches(calls)).toHaveLength(2);
  });
});

describe('the brand-kit reader in German (issue 28)', () => {
  it('words the warnings, which come as codes, in German, with the plural of the stylesheets', async () => {
    const i18n = await startI18n('de', ['projects']);
    for (const [count, text] of [
      [1, 'Ein Stylesheet der Website konnte nicht gelesen werden; Farben und Schriften fehlen vielleicht.'],
      [3, '3 Stylesheets der Website konnten nicht gelesen werden; Farben und Schriften fehlen vielleicht.'],
    ] as const) {
      mockApi({ [READ]: { status: 200, body: brandProposal({ warnings: [{ code: 'svgOnly' }, { code: 'stylesheets', count }] }) } });
      const { unmount } = renderScreen(
        <I18nRoot i18n={i18n}>
          <BrandReader
            projectId={PROJECT_ID}
            url="https://acmesurf.example"
            base={DEFAULT_BRAND_KIT}
            projectName="Acme"
            save={(update) => projectsApi.update(PROJECT_ID, update)}
            onDone={() => {}}
          />
        </I18nRoot>,
      );
      const warning = await screen.findByRole('alert');
      expect(within(warning).getByText('Gut zu wissen')).toBeTruthy();
      expect(
        within(warning)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['Das Logo der Website ist ein SVG, das die Medien nicht annehmen. Laden Sie es als PNG hoch.', text]);
      unmount();
    }
  });
});
