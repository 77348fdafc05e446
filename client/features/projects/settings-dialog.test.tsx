import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ProjectDetail } from '#common/schemas/projects.ts';
import { SettingsDialog } from '#client/features/projects/settings-dialog.tsx';
import { envelope, mockApi } from '#client/test/api-mock.ts';
import { PROJECT_ID, projectDetail, renderScreen, writes } from '#client/test/fixtures.tsx';

const PATCH = `PATCH /api/projects/${PROJECT_ID}`;

function open(project: ProjectDetail) {
  const onSaved = vi.fn<(project: ProjectDetail) => void>();
  const onClose = vi.fn();
  const rendered = renderScreen(<SettingsDialog project={project} open onClose={onClose} onSaved={onSaved} />, { url: `/projects/${PROJECT_ID}/` });
  return { ...rendered, onSaved, onClose, dialog: screen.getByRole('dialog', { name: 'Project settings' }) };
}

describe('SettingsDialog', () => {
  it('saves the name, description and website the owner typed', async () => {
    const saved = projectDetail({ name: 'Acme Surf Co', description: 'Lessons and rentals', website: 'https://acmesurf.example' });
    const calls = mockApi({ [PATCH]: { status: 200, body: saved } });
    const user = userEvent.setup();
    const { dialog, onSaved, onClose } = open(projectDetail());
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Acme Surf Co');
    const description = within(dialog).getByLabelText('Description');
    await user.clear(description);
    await user.type(description, 'Lessons and rentals');
    await user.type(within(dialog).getByLabelText('Website'), 'https://acmesurf.example');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(writes(calls)).toEqual([
      {
        method: 'PATCH',
        path: `/api/projects/${PROJECT_ID}`,
        body: { name: 'Acme Surf Co', description: 'Lessons and rentals', website: 'https://acmesurf.example' },
      },
    ]);
    expect(onClose).toHaveBeenCalled();
    expect(screen.getByText('Project saved.')).toBeTruthy();
  });

  it('refuses an empty name and a website that is not one, before sending', async () => {
    const calls = mockApi({});
    const user = userEvent.setup();
    const { dialog } = open(projectDetail());
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Website'), 'ftp://acme');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Give the project a name.')).toBeTruthy();
    expect(within(dialog).getByText('Enter a web address like https://example.com.')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it('lets an editor describe the project but not rename, archive or delete it', async () => {
    const calls = mockApi({ [PATCH]: { status: 200, body: projectDetail({ role: 'editor' }) } });
    const user = userEvent.setup();
    const { dialog } = open(projectDetail({ role: 'editor' }));
    expect(within(dialog).getByLabelText('Name')).toHaveProperty('readOnly', true);
    expect(within(dialog).getByText('Only the owner can rename the project.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Archive' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Delete project' })).toBeNull();
    await user.type(within(dialog).getByLabelText('Description'), ' and rentals');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toEqual({ description: 'Surf school and rentals', website: '' });
  });

  it('archives and restores', async () => {
    const calls = mockApi({ [PATCH]: (body) => ({ status: 200, body: projectDetail({ archived: (body as { archived: boolean }).archived }) }) });
    const user = userEvent.setup();
    const { dialog, onSaved } = open(projectDetail());
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ archived: true })));
    expect(screen.getByText('Project archived. It keeps its files.')).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'PATCH', path: `/api/projects/${PROJECT_ID}`, body: { archived: true } }]);
  });

  it('restores an archived project, and shows a refusal (a full plan) without a reference', async () => {
    mockApi({ [PATCH]: { status: 402, body: envelope('plan_limit_reached', 'Your Free plan includes 3 active projects.') } });
    const user = userEvent.setup();
    const { dialog, onSaved } = open(projectDetail({ archived: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Your Free plan includes 3 active projects.');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('deletes only after the project’s name is typed, then goes to the projects', async () => {
    const calls = mockApi({ [`DELETE /api/projects/${PROJECT_ID}`]: { status: 204 } });
    const user = userEvent.setup();
    const { dialog, router } = open(projectDetail());
    const remove = within(dialog).getByRole('button', { name: 'Delete project' });
    expect(remove).toHaveProperty('disabled', true);
    const confirm = within(dialog).getByLabelText('Type “Acme Surf” to confirm');
    await user.type(confirm, 'Acme Sur');
    expect(remove).toHaveProperty('disabled', true);
    await user.type(confirm, 'f');
    expect(remove).toHaveProperty('disabled', false);
    await user.click(remove);
    await waitFor(() => expect(router.state.location.pathname).toBe('/projects'));
    expect(writes(calls)).toEqual([{ method: 'DELETE', path: `/api/projects/${PROJECT_ID}`, body: undefined }]);
  });
});
