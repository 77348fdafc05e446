import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { I18n } from '@lingui/core';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildTemplate, TEMPLATES } from '#common/creative/templates.ts';
import type { CreationItem, CreativeSummary } from '#common/schemas/creatives.ts';
import { DEFAULT_BRAND_KIT, type ProjectSummary } from '#common/schemas/projects.ts';
import Playground from '#client/app/routes/playground.tsx';
import { startI18n } from '#client/lib/i18n.tsx';
import { I18nRoot } from '#client/lib/i18n-root.tsx';
import { SessionProvider } from '#client/lib/session.tsx';
import { mockApi } from '#client/test/api-mock.ts';
import { CreationsGallery } from '#client/features/creatives/creations-gallery.tsx';
import { CreativeList } from '#client/features/creatives/list-creatives.tsx';
import { matchTemplates } from '#client/features/creatives/template-gallery.tsx';
import { TemplatePicker } from '#client/features/creatives/template-picker.tsx';

const P1 = 'proj_aaaaaaaaaaaaaaaa';

function project(id: string, name: string): ProjectSummary {
  return {
    id,
    name,
    description: '',
    website: null,
    role: 'owner',
    archived: false,
    brandKit: { ...DEFAULT_BRAND_KIT, colors: ['#112233', '#ffcc00'] },
    logoUrl: null,
    counts: { media: 0, members: 1 },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

function creative(id: string, name: string): CreativeSummary {
  return {
    id,
    projectId: P1,
    projectName: 'Bäckerei',
    role: 'editor',
    name,
    status: 'draft',
    format: 'portrait',
    template: 'bold-headline',
    revision: { id: `rev_${id}`, number: 1 },
    document: buildTemplate('bold-headline', { brand: DEFAULT_BRAND_KIT, format: 'portrait' }),
    images: {},
    lastCreationId: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-02T10:00:00.000Z',
  };
}

function creation(id: string, format: CreationItem['format'], linkGroup: string | null): CreationItem {
  return {
    id,
    projectId: P1,
    projectName: 'Bäckerei',
    role: 'editor',
    creativeId: 'cr_aaaaaaaaaaaaaaaa',
    revisionNumber: 2,
    name: `Frühlingsaktion (${format})`,
    format,
    width: 1080,
    height: 1350,
    size: 1_572_864,
    url: `/api/creations/${id}/file`,
    downloadUrl: `/api/creations/${id}/file?download=1`,
    thumbnailUrl: `/api/creations/${id}/thumbnail`,
    createdAt: '2026-03-03T10:00:00.000Z',
    ...(linkGroup ? { linkGroup } : {}),
  };
}

let de: I18n;

beforeEach(async () => {
  de = await startI18n('de', ['library', 'creatives', 'editor']);
  localStorage.clear();
});

function renderDe(url: string, element: ReactNode) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [url] });
  return render(
    <I18nRoot i18n={de}>
      <SessionProvider initialUser={null}>
        <RouterProvider router={router} />
      </SessionProvider>
    </I18nRoot>,
  );
}

const page = <T,>(items: T[]) => ({ status: 200, body: { items, nextCursor: null } });

describe('the creative library in German', () => {
  it('lists creatives with German filters, format and dates, and asks before deleting in German', async () => {
    mockApi({ 'GET /api/creatives': page([creative('cr_aaaaaaaaaaaaaaaa', 'Frühlingsaktion')]) });
    renderDe('/creatives', <CreativeList projects={[project(P1, 'Bäckerei')]} empty={{ title: 'Noch keine Creatives', text: '' }} />);
    expect(await screen.findByRole('link', { name: 'Frühlingsaktion' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Creatives durchsuchen' })).toBeTruthy();
    const status = screen.getByLabelText('Status');
    expect([...status.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Alle Status',
      'Entwurf',
      'In Freigabe',
      'Freigegeben',
      'Abgelehnt',
      'Archiviert',
    ]);
    expect(within(screen.getByLabelText('Format')).getByRole('option', { name: 'Hochformat' })).toBeTruthy();
    expect(within(screen.getByLabelText('Projekt')).getByRole('option', { name: 'Alle Projekte' })).toBeTruthy();
    expect(document.body.textContent).toMatch(/Geändert am 2\. März 2026/);

    await userEvent.click(screen.getByRole('button', { name: 'Frühlingsaktion löschen' }));
    const dialog = document.querySelector('dialog')!;
    expect(dialog.textContent).toContain('Das Creative und sein Versionsverlauf werden für alle in Bäckerei gelöscht.');
    expect(within(dialog).getByRole('button', { name: 'Creative löschen' })).toBeTruthy();
  });

  it('says in German when nothing matches a search', async () => {
    mockApi({ 'GET /api/creatives': page([]) });
    renderDe('/creatives?q=Sommer', <CreativeList empty={{ title: 'Noch keine Creatives', text: '' }} />);
    expect(await screen.findByText('Keine Creatives mit „Sommer“ im Namen passen zu diesen Filtern.')).toBeTruthy();
  });

  it('shows renderings with German sizes and versions, and counts a group’s formats (1 and 2+)', async () => {
    mockApi({
      'GET /api/creations': page([
        creation('cn_story', 'story', 'grp_a'),
        creation('cn_square', 'square', 'grp_a'),
        creation('cn_one_a', 'portrait', 'grp_b'),
        creation('cn_one_b', 'portrait', 'grp_b'),
        creation('cn_alone', 'landscape', null),
      ]),
    });
    renderDe('/creations', <CreationsGallery projects={[project(P1, 'Bäckerei')]} />);
    const two = await screen.findByRole('listitem', { name: 'Frühlingsaktion: 2 Formate' });
    expect(within(two).getByText(/2 verknüpfte Formate/)).toBeTruthy();
    expect(
      within(two)
        .getAllByRole('img')
        .map((i) => i.getAttribute('alt')),
    ).toEqual(['Frühlingsaktion (square), Quadrat', 'Frühlingsaktion (story), Story']);
    expect(within(two).getByRole('link', { name: /ZIP aller Formate/ })).toBeTruthy();
    const one = screen.getByRole('listitem', { name: 'Frühlingsaktion: 1 Format' });
    expect(within(one).getByText(/1 verknüpftes Format/)).toBeTruthy();
    expect(document.body.textContent).toContain('Bäckerei · Querformat · 1,5 MB');
    expect(document.body.textContent).toMatch(/Gerendert am 3\. März 2026 · Version 2/);
    expect(screen.getByRole('link', { name: 'Frühlingsaktion (landscape) herunterladen' })).toBeTruthy();
    expect(screen.getByLabelText('Status').querySelector('option')?.textContent).toBe('Alle Status');
  });

  it('picks a template in German: names, categories, counts, and a search in German words', async () => {
    mockApi({ [`GET /api/projects/${P1}/media`]: page([]) });
    renderDe(
      '/creatives',
      <TemplatePicker open onClose={() => {}} projects={{ status: 'ready', data: [project(P1, 'Bäckerei')], reload: () => {} } as never} />,
    );
    expect(await screen.findByRole('heading', { name: 'Neues Creative' })).toBeTruthy();
    expect(await screen.findByText(`${TEMPLATES.length} Vorlagen`)).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Große Überschrift' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Quadrat/ })).toBeTruthy();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Vorlagen durchsuchen' }), 'Gutschein');
    expect(await screen.findByText(`1 von ${TEMPLATES.length} Vorlagen`)).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Gutscheincode' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Creative erstellen' })).toBeTruthy();
  });

  it('finds templates by their German words as well as the English ones', () => {
    const t = de._.bind(de);
    expect(matchTemplates('gutschein', null, t).map((x) => x.id)).toEqual(['coupon-code']);
    expect(matchTemplates('coupon', null, t).map((x) => x.id)).toEqual(['coupon-code']);
    expect(matchTemplates('gutschein', null)).toEqual([]);
  });
});

describe('the playground in German', () => {
  function openPlayground(remaining: number) {
    mockApi({ 'GET /api/playground/quota': { status: 200, body: { limit: 3, remaining } } });
    renderDe('/playground', <Playground />);
  }

  it('speaks German: its header, buttons, templates and the downloads left (2+)', async () => {
    openPlayground(3);
    expect(screen.getByRole('heading', { name: 'Playground' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rückgängig' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Bild hinzufügen/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kostenlos starten' })).toBeTruthy();
    expect(within(screen.getByRole('radiogroup', { name: 'Vorlage' })).getByRole('radio', { name: 'Foto mit Abdunklung' })).toBeTruthy();
    expect(screen.getByRole('main', { name: 'Arbeitsfläche, Quadrat' })).toBeTruthy();
    expect(await screen.findByText('Heute noch 3 von 3 Downloads (mit Wasserzeichen)')).toBeTruthy();
  });

  it('counts one download left, and none', async () => {
    openPlayground(1);
    expect(await screen.findByText('Heute noch 1 von 3 Downloads (mit Wasserzeichen)')).toBeTruthy();
  });

  it('says when no download is left', async () => {
    openPlayground(0);
    expect(await screen.findByText('Heute keine Downloads mehr')).toBeTruthy();
  });
});
