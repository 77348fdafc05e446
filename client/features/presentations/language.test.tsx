import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { PresentationDocument } from '#common/schemas/presentations.ts';
import { startI18n } from '#client/lib/i18n.tsx';
import { I18nRoot } from '#client/lib/i18n-root.tsx';
import { LanguageSection } from '#client/features/presentations/editor-panels.tsx';
import { PresentationStatusBadge } from '#client/features/presentations/status.tsx';
import { StatsView } from '#client/features/presentations/stats-dialog.tsx';
import { PresentationPreview } from '#client/features/presentations/preview.tsx';
import { presentationDetail } from '#client/test/presentations-fixtures.tsx';

const NOTHING = { images: {}, creations: {}, ads: {}, pages: {} };

function Harness({ initial }: { initial: PresentationDocument }) {
  const [doc, setDoc] = useState(initial);
  return (
    <>
      <LanguageSection doc={doc} onChange={setDoc} />
      <output data-testid="locale">{doc.locale}</output>
    </>
  );
}

describe('a presentation’s language', () => {
  it('is chosen in the editor’s settings: English or Deutsch, into the document', async () => {
    render(<Harness initial={presentationDetail().document} />);
    const select = screen.getByLabelText('Language of the presentation');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['English', 'Deutsch']);
    expect(select).toHaveProperty('value', 'en');
    await userEvent.selectOptions(select, 'de');
    expect(screen.getByTestId('locale').textContent).toBe('de');
  });

  it('shows the preview’s own words in the presentation’s language', async () => {
    const doc = { ...presentationDetail().document, locale: 'de' as const };
    render(<PresentationPreview doc={doc} resolved={NOTHING} refCode={null} authorName="Dana" device="desktop" />);
    const frame = screen.getByTitle(/desktop/i) as HTMLIFrameElement;
    await waitFor(() => expect(frame.contentDocument?.body.textContent).toContain('Erstellt für Harbour Bakery von Dana. Gemacht mit Adloom.'));
  });
});

describe('the presentations screens in German', () => {
  it('labels the status, the settings and the statistics in German, with plurals', async () => {
    const i18n = await startI18n('de', ['presentations']);
    const stats = (views: number) => ({
      days: 7,
      totals: { visitors: 1, views, seconds: 65, avgSeconds: 65 },
      series: [],
      sections: [],
    });
    const { rerender } = render(
      <I18nRoot i18n={i18n}>
        <PresentationStatusBadge presentation={{ status: 'draft', expired: false, hasPassword: true }} />
        <LanguageSection doc={presentationDetail().document} onChange={() => {}} />
        <StatsView stats={stats(1)} />
      </I18nRoot>,
    );
    expect(screen.getByText('Entwurf')).toBeTruthy();
    expect(screen.getByText('Passwortgeschützt')).toBeTruthy();
    expect(screen.getByLabelText('Sprache der Präsentation')).toBeTruthy();
    expect(screen.getByText('1 min 05 s')).toBeTruthy();
    expect(screen.getByText('Wie viele der 1 Aufruf bis zu welchem Abschnitt gescrollt haben.')).toBeTruthy();
    rerender(
      <I18nRoot i18n={i18n}>
        <StatsView stats={stats(1200)} />
      </I18nRoot>,
    );
    expect(screen.getByText('Wie viele der 1.200 Aufrufe bis zu welchem Abschnitt gescrollt haben.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Erreichte Abschnitte' })).toBeTruthy();
  });
});
