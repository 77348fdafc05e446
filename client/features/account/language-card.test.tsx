import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Shell } from '#client/app/shell.tsx';
import { ToastProvider } from '#client/components/toast.tsx';
import { startI18n } from '#client/lib/i18n.tsx';
import { I18nRoot } from '#client/lib/i18n-root.tsx';
import { SessionProvider } from '#client/lib/session.tsx';
import { LanguageCard } from '#client/features/account/language-card.tsx';
import { envelope, mockApi } from '#client/test/api-mock.ts';
import { creditSummary, user, writes } from '#client/test/fixtures.tsx';

afterEach(() => {
  document.documentElement.lang = '';
});

/** The account's language card inside the real shell, under the app's own i18n instance (English, as a new account starts). */
async function open() {
  const i18n = await startI18n('en');
  const router = createMemoryRouter(
    [
      {
        path: '/account',
        element: (
          <Shell>
            <LanguageCard />
          </Shell>
        ),
      },
    ],
    { initialEntries: ['/account'] },
  );
  render(
    <I18nRoot i18n={i18n}>
      <SessionProvider initialUser={user()}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </SessionProvider>
    </I18nRoot>,
  );
  return i18n;
}

describe('the account’s language', () => {
  it('saves German when chosen and switches the workspace without a reload', async () => {
    const calls = mockApi({
      'GET /api/credits': { status: 200, body: creditSummary({ total: 1 }) },
      'PATCH /api/me': { status: 200, body: user({ locale: 'de' }) },
    });
    const i18n = await open();
    const nav = await screen.findByRole('navigation', { name: 'Workspace' });
    expect(nav.textContent).toContain('Projects');
    expect(await screen.findByText('credit')).toBeTruthy();
    const select = screen.getByLabelText('Language');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => [o.getAttribute('value'), o.textContent, o.getAttribute('lang')]),
    ).toEqual([
      ['en', 'English', 'en'],
      ['de', 'Deutsch', 'de'],
    ]);

    await userEvent.selectOptions(select, 'de');
    expect(await screen.findByText('Sprache gespeichert.')).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'PATCH', path: '/api/me', body: { locale: 'de' } }]);
    const german = screen.getByRole('navigation', { name: 'Arbeitsbereich' });
    expect(german.textContent).toContain('Projekte');
    expect(german.textContent).toContain('Renderings');
    expect(screen.getByText('Credit')).toBeTruthy();
    expect(screen.getByLabelText('Sprache')).toBe(screen.getByDisplayValue('Deutsch'));
    expect([i18n.locale, document.documentElement.lang]).toEqual(['de', 'de']);
  });

  it('says so and stays in English when the language cannot be saved', async () => {
    mockApi({
      'GET /api/credits': { status: 200, body: creditSummary() },
      'PATCH /api/me': { status: 500, body: envelope('internal', 'Something went wrong on our side. Please try again.') },
    });
    await open();
    await userEvent.selectOptions(await screen.findByLabelText('Language'), 'de');
    expect(await screen.findByRole('alert')).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('Language')).toHaveProperty('disabled', false));
    expect(screen.getByLabelText('Language')).toBe(screen.getByDisplayValue('English'));
    expect(screen.getByRole('navigation', { name: 'Workspace' }).textContent).toContain('Projects');
  });
});
