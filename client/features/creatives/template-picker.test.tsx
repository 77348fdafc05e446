import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { buildTemplate, TEMPLATE_CATEGORIES, TEMPLATES } from '#common/creative/templates.ts';
import type { MediaItem } from '#common/schemas/media.ts';
import { DEFAULT_BRAND_KIT, type ProjectSummary } from '#common/schemas/projects.ts';
import { envelope, mockApi } from '#client/test/api-mock.ts';
import type { Resource } from '#client/lib/use-resource.ts';
import { matchTemplates } from '#client/features/creatives/template-gallery.tsx';
import { FIRST_TEMPLATE, TemplatePicker } from '#client/features/creatives/template-picker.tsx';

const P1 = 'proj_aaaaaaaaaaaaaaaa';
const P2 = 'proj_bbbbbbbbbbbbbbbb';

function project(id: string, name: string, role: ProjectSummary['role'], brand: Partial<ProjectSummary['brandKit']> = {}): ProjectSummary {
  return {
    id,
    name,
    description: '',
    website: null,
    role,
    archived: false,
    brandKit: { ...DEFAULT_BRAND_KIT, colors: ['#112233', '#ffcc00'], ...brand },
    logoUrl: brand.logoMediaId ? `/api/media/${brand.logoMediaId}/file` : null,
    counts: { media: 0, members: 1 },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

function media(id: string, mime = 'image/jpeg'): MediaItem {
  return {
    id,
    projectId: P1,
    kind: 'image',
    mime,
    name: `${id}.jpg`,
    size: 1000,
    sha256: 'x'.repeat(64),
    width: 800,
    height: 600,
    durationMs: null,
    alt: '',
    tags: [],
    hasThumbnail: true,
    fileUrl: `/api/media/${id}/file`,
    thumbnailUrl: `/api/media/${id}/thumbnail?v=1`,
    uploadedBy: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  } as MediaItem;
}

const ready = (items: ProjectSummary[]): Resource<readonly ProjectSummary[]> => ({ status: 'ready', data: items, error: undefined, reload: () => {} });

function renderAt(url: string, element: ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '*', element },
      { path: '/creatives/:id', element: <p>Editor</p> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const templateRadios = () => within(screen.getByRole('radiogroup', { name: 'Templates' })).getAllByRole('radio');
const names = () => templateRadios().map((r) => r.getAttribute('value'));

describe('TemplatePicker', () => {
  it('creates in the chosen project with the chosen format and template, then opens the creative', async () => {
    const calls = mockApi({ [`POST /api/projects/${P2}/creatives`]: { status: 201, body: { id: 'cr_newnewnewnewnewn' } } });
    const onClose = vi.fn();
    const user = userEvent.setup();
    const router = renderAt(
      '/creatives',
      <TemplatePicker
        open
        onClose={onClose}
        projects={ready([project(P1, 'Bakery', 'editor'), project(P2, 'Florist', 'owner'), project('proj_cccccccccccccccc', 'Gym', 'viewer')])}
      />,
    );
    const select = screen.getByLabelText('Project');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Bakery', 'Florist']);
    await user.selectOptions(select, 'Florist');
    expect((screen.getByRole('radio', { name: /Square/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('radio', { name: /Story/ }));
    await user.click(await screen.findByRole('radio', { name: 'Customer quote' }));
    await user.click(screen.getByRole('button', { name: 'Create creative' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/creatives/cr_newnewnewnewnewn'));
    // The project has no picture (its library answers nothing): the worker builds the template.
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: `/api/projects/${P2}/creatives`, body: { template: 'quote-card', format: 'story' } },
    ]);
    expect(onClose).toHaveBeenCalled();
  });

  it('moves through the formats with the arrow keys, and shows a refusal inline without closing', async () => {
    mockApi({ [`POST /api/projects/${P1}/creatives`]: { status: 403, body: envelope('forbidden', 'Only editors and owners can create creatives.') } });
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderAt(`/projects/${P1}/creatives`, <TemplatePicker open onClose={onClose} projectId={P1} projects={ready([project(P1, 'Bakery', 'editor')])} />);
    expect(screen.queryByLabelText('Project')).toBeNull();
    const square = screen.getByRole('radio', { name: /Square/ });
    square.focus();
    await user.keyboard('{ArrowRight}');
    expect((screen.getByRole('radio', { name: /Portrait/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Create creative' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Only editors and owners can create creatives.');
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Create creative' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('offers every template, the first one chosen, each drawn in the project’s brand and its latest picture; Create starts from that picture', async () => {
    expect(FIRST_TEMPLATE).toBe(TEMPLATES[0]!.id);
    const calls = mockApi({
      [`GET /api/projects/${P1}/media`]: { status: 200, body: { items: [media('logo_1'), media('anim_1', 'image/gif'), media('photo_1')], nextCursor: null } },
      [`POST /api/projects/${P1}/creatives`]: { status: 201, body: { id: 'cr_newnewnewnewnewn' } },
    });
    // Room for the previews (happy-dom lays nothing out).
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      width: 200,
      height: 160,
      x: 0,
      y: 0,
      top: 0,
      left: 0,
      right: 200,
      bottom: 160,
    } as DOMRect);
    const user = userEvent.setup();
    const brand = { colors: ['#0b3d2e', '#f2c14e'], headingFont: 'lora' as const, bodyFont: 'inter' as const, logoMediaId: 'logo_1' };
    const p = project(P1, 'Bakery', 'editor', brand);
    const router = renderAt(`/projects/${P1}/creatives`, <TemplatePicker open onClose={() => {}} projectId={P1} projects={ready([p])} />);
    await screen.findByRole('radiogroup', { name: 'Templates' });
    expect(names()).toEqual(TEMPLATES.map((t) => t.id));
    expect((screen.getByRole('radio', { name: TEMPLATES[0]!.name }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(/takes the brand kit of Bakery and its latest picture/)).toBeTruthy();
    // The previews are the renderer's tree: the brand's colour, fonts, logo and picture (the thumbnail, not the GIF or the logo).
    const preview = screen.getByRole('img', { name: 'Photo with overlay', hidden: true });
    const html = preview.innerHTML;
    expect(html).toContain('/api/media/photo_1/thumbnail?v=1');
    expect(html).toContain('/api/media/logo_1/file');
    expect(html).not.toContain('anim_1');
    expect(screen.getByRole('img', { name: 'Bold headline', hidden: true }).innerHTML).toContain('#0b3d2e');
    expect(screen.getByRole('img', { name: 'Bold headline', hidden: true }).innerHTML).toContain('cf-lora');
    // Create: the document as previewed, with the picture.
    await user.click(screen.getByRole('radio', { name: 'Split with image' }));
    await user.click(screen.getByRole('button', { name: 'Create creative' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/creatives/cr_newnewnewnewnewn'));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      template: 'split-image',
      format: 'square',
      document: buildTemplate('split-image', { brand, format: 'square', imageMediaId: 'photo_1' }),
    });
    expect(calls.find((c) => c.method === 'GET')?.path).toBe(`/api/projects/${P1}/media`);
  });

  it('draws and creates from a German project’s templates with German words (the project’s language, issue 28)', async () => {
    const calls = mockApi({
      [`GET /api/projects/${P1}/media`]: { status: 200, body: { items: [media('photo_1')], nextCursor: null } },
      [`POST /api/projects/${P1}/creatives`]: { status: 201, body: { id: 'cr_newnewnewnewnewn' } },
    });
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
      width: 200,
      height: 160,
      x: 0,
      y: 0,
      top: 0,
      left: 0,
      right: 200,
      bottom: 160,
    } as DOMRect);
    const user = userEvent.setup();
    const p = { ...project(P1, 'Bäckerei', 'editor'), locale: 'de' as const };
    const router = renderAt(`/projects/${P1}/creatives`, <TemplatePicker open onClose={() => {}} projectId={P1} projects={ready([p])} />);
    await screen.findByRole('radiogroup', { name: 'Templates' });
    expect(screen.getByRole('img', { name: 'New arrival', hidden: true }).textContent).toContain('Die neue Kollektion ist da');
    expect(screen.getByRole('img', { name: 'Before and after', hidden: true }).textContent).toContain('Nachher');
    await user.click(screen.getByRole('radio', { name: 'Coupon code' }));
    await user.click(screen.getByRole('button', { name: 'Create creative' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/creatives/cr_newnewnewnewnewn'));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      template: 'coupon-code',
      format: 'square',
      document: buildTemplate('coupon-code', { brand: p.brandKit, format: 'square', imageMediaId: 'photo_1', locale: 'de' }),
    });
    expect(JSON.stringify(post.body)).toContain('FRÜHLING20');
  });

  it('finds templates by what they are for, from the keyboard: typing narrows, Enter goes to the results (without creating), arrows choose', async () => {
    const calls = mockApi({});
    const user = userEvent.setup();
    renderAt(`/projects/${P1}/creatives`, <TemplatePicker open onClose={() => {}} projectId={P1} projects={ready([project(P1, 'Bakery', 'editor')])} />);
    const search = await screen.findByRole('searchbox', { name: 'Search templates' });
    await user.click(search);
    await user.keyboard('hiring');
    expect(names()).toEqual(['hiring-bold', 'join-team']);
    expect(screen.getByText(`2 of ${TEMPLATES.length} templates`)).toBeTruthy();
    // The first template stays chosen, and says so while hidden.
    expect(screen.getByText((_, el) => el?.tagName === 'P' && el.textContent === 'Chosen: Bold headline (not in these results)')).toBeTruthy();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'We’re hiring' }));
    await user.keyboard('{ArrowRight}');
    expect((screen.getByRole('radio', { name: 'Join the team' }) as HTMLInputElement).checked).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Join the team' }));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    // Words in any order, accents and case ignored; tags count ("voucher" is the coupon's).
    await user.clear(search);
    await user.type(search, 'VOUCHER');
    expect(names()).toEqual(['coupon-code']);
    await user.clear(search);
    await user.type(search, 'befóre  AFTER');
    expect(names()).toEqual(['before-after']);
  });

  it('narrows by category with the arrow keys, counts each category, and shows an empty state that brings everything back', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderAt(`/projects/${P1}/creatives`, <TemplatePicker open onClose={() => {}} projectId={P1} projects={ready([project(P1, 'Bakery', 'editor')])} />);
    const categories = await screen.findByRole('radiogroup', { name: 'Category' });
    const all = within(categories).getByRole('radio', { name: `All ${TEMPLATES.length}` });
    expect((all as HTMLInputElement).checked).toBe(true);
    for (const c of TEMPLATE_CATEGORIES) {
      const count = TEMPLATES.filter((t) => t.category === c.id).length;
      expect(within(categories).getByRole('radio', { name: `${c.label} ${count}` })).toBeTruthy();
    }
    all.focus();
    await user.keyboard('{ArrowRight}');
    expect((within(categories).getByRole('radio', { name: /^Sale and offers/ }) as HTMLInputElement).checked).toBe(true);
    expect(names()).toEqual(TEMPLATES.filter((t) => t.category === 'sale').map((t) => t.id));
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(names()).toEqual(TEMPLATES.filter((t) => t.category === 'product').map((t) => t.id));
    // A search within the category that finds nothing: the empty state, then everything again.
    await user.type(screen.getByRole('searchbox', { name: 'Search templates' }), 'webinar');
    expect(screen.queryByRole('radiogroup', { name: 'Templates' })).toBeNull();
    expect(screen.getByText('No template matches “webinar” in Product.')).toBeTruthy();
    expect(screen.getByText(`0 of ${TEMPLATES.length} templates`)).toBeTruthy();
    // The category counts follow the search: Event has it.
    expect(within(categories).getByRole('radio', { name: 'Event 1' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show all templates' }));
    expect(names()).toEqual(TEMPLATES.map((t) => t.id));
    expect((screen.getByRole('searchbox', { name: 'Search templates' }) as HTMLInputElement).value).toBe('');
  });

  it('matches every word against name, description, category and tags', () => {
    expect(matchTemplates('', null)).toEqual(TEMPLATES);
    expect(matchTemplates('  ', 'event').map((t) => t.id)).toEqual(['event-date', 'webinar']);
    expect(matchTemplates('app install', null).map((t) => t.id)).toEqual(['app-install']);
    expect(matchTemplates('before after', null).map((t) => t.id)).toEqual(['before-after']);
    expect(matchTemplates('swipe', null).map((t) => t.id)).toEqual(['carousel-cover']);
    expect(matchTemplates('nothing-like-this', null)).toEqual([]);
  });
});
