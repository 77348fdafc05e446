import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ProjectDetail } from '#common/schemas/projects.ts';
import { startI18n } from '#client/lib/i18n.tsx';
import { I18nRoot } from '#client/lib/i18n-root.tsx';
import { BrandGuardField } from '#client/features/projects/brand-guard-field.tsx';
import { envelope, mockApi } from '#client/test/api-mock.ts';
import { PROJECT_ID, projectDetail, renderScreen, writes } from '#client/test/fixtures.tsx';

const PATCH = `PATCH /api/projects/${PROJECT_ID}`;

async function show(project: ProjectDetail, locale: 'en' | 'de' = 'en') {
  const onSaved = vi.fn<(project: ProjectDetail) => void>();
  const i18n = await startI18n(locale, ['projects']);
  renderScreen(
    <I18nRoot i18n={i18n}>
      <BrandGuardField project={project} onSaved={onSaved} />
    </I18nRoot>,
    { url: `/projects/${PROJECT_ID}/` },
  );
  return onSaved;
}

/** Issue 29 §7: the owner makes the brand guard strict on the brand kit; saved at once. */
describe('the strict brand guard switch', () => {
  it('lets the owner switch it on from the keyboard: saved at once', async () => {
    const strict = projectDetail();
    strict.brandKit = { ...strict.brandKit, strict: true };
    const calls = mockApi({ [PATCH]: { status: 200, body: strict } });
    const onSaved = await show(projectDetail());
    const box = screen.getByRole('checkbox', { name: 'Strict brand guard' });
    expect(box).toHaveProperty('checked', false);
    box.focus();
    await userEvent.setup().keyboard(' ');
    expect(await screen.findByText('The brand guard is strict now.')).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'PATCH', path: `/api/projects/${PROJECT_ID}`, body: { brandGuardStrict: true } }]);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ brandKit: expect.objectContaining({ strict: true }) }));
  });

  it('shows editors the setting without letting them change it, in German', async () => {
    mockApi({});
    const project = projectDetail({ role: 'editor' });
    project.brandKit = { ...project.brandKit, strict: true };
    await show(project, 'de');
    const box = screen.getByRole('checkbox', { name: 'Strenge Markenprüfung' });
    expect(box).toHaveProperty('checked', true);
    expect(box).toHaveProperty('disabled', true);
    expect(screen.getByText(/Nur der Inhaber des Projekts kann dies ändern\./)).toBeTruthy();
  });

  it('says so when it cannot be saved, and keeps the setting saved', async () => {
    mockApi({ [PATCH]: { status: 403, body: envelope('forbidden', 'Only the project’s owner can make the brand guard strict.') } });
    await show(projectDetail());
    const box = screen.getByRole('checkbox', { name: 'Strict brand guard' });
    await userEvent.setup().click(box);
    expect(await screen.findByText('Only the project’s owner can make the brand guard strict.')).toBeTruthy();
    await waitFor(() => expect(box).toHaveProperty('disabled', false));
    expect(box).toHaveProperty('checked', false);
  });
});
