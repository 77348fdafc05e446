import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ProjectDetail } from '#common/schemas/projects.ts';
import { startI18n } from '#client/lib/i18n.tsx';
import { I18nRoot } from '#client/lib/i18n-root.tsx';
import { SettingsDialog } from '#client/features/projects/settings-dialog.tsx';
import { envelope, mockApi } from '#client/test/api-mock.ts';
import { PROJECT_ID, projectDetail, renderScreen, writes } from '#client/test/fixtures.tsx';

const PATCH = `PATCH /api/projects/${PROJECT_ID}`;

async function open(project: ProjectDetail) {
  const onSaved = vi.fn<(project: ProjectDetail) => void>();
  const i18n = await startI18n('de', ['projects']);
  renderScreen(
    <I18nRoot i18n={i18n}>
      <SettingsDialog project={project} open onClose={() => {}} onSaved={onSaved} />
    </I18nRoot>,
    { url: `/projects/${PROJECT_ID}/` },
  );
  const dialog = await screen.findByRole('dialog', { name: 'Projekteinstellungen' });
  return { onSaved, dialog, select: within(dialog).getByLabelText('Sprache der Kundenseiten') };
}

/** The project's language (issue 28 §2): the customer's pages (its ad previews) speak it; the owner chooses it in the settings. */
describe('the project’s language in its settings', () => {
  it('lets the owner choose German: saved at once, said in German', async () => {
    const calls = mockApi({ [PATCH]: { status: 200, body: projectDetail({ locale: 'de' }) } });
    const { onSaved, select } = await open(projectDetail());
    expect(select).toBe(screen.getByDisplayValue('English'));
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => [o.getAttribute('value'), o.textContent, o.getAttribute('lang')]),
    ).toEqual([
      ['en', 'English', 'en'],
      ['de', 'Deutsch', 'de'],
    ]);
    await userEvent.setup().selectOptions(select, 'de');
    expect(await screen.findByText('Die Kundenseiten sind jetzt auf Deutsch.')).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'PATCH', path: `/api/projects/${PROJECT_ID}`, body: { locale: 'de' } }]);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ locale: 'de' }));
  });

  it('shows editors the language without letting them change it', async () => {
    mockApi({});
    const { select, dialog } = await open(projectDetail({ role: 'editor', locale: 'de' }));
    expect(select).toHaveProperty('disabled', true);
    expect(select).toBe(within(dialog).getByDisplayValue('Deutsch'));
    expect(within(dialog).getByText(/Nur der Inhaber des Projekts kann sie ändern\./)).toBeTruthy();
  });

  it('says so when the language cannot be saved, and keeps the one saved', async () => {
    mockApi({ [PATCH]: { status: 500, body: envelope('internal', 'Something went wrong on our side. Please try again.') } });
    const { select } = await open(projectDetail());
    await userEvent.setup().selectOptions(select, 'de');
    expect(await screen.findByRole('alert')).toBeTruthy();
    await waitFor(() => expect(select).toHaveProperty('disabled', false));
    expect(select).toHaveProperty('value', 'en');
  });
});
