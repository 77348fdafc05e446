import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PublicUser } from '#common/schemas/auth.ts';
import { ToastProvider } from '#client/components/toast.tsx';
import { startI18n } from '#client/lib/i18n.tsx';
import { I18nRoot } from '#client/lib/i18n-root.tsx';
import { SessionProvider } from '#client/lib/session.tsx';
import { TimeZoneCard } from '#client/features/account/time-zone-card.tsx';
import { envelope, mockApi } from '#client/test/api-mock.ts';
import { user, writes } from '#client/test/fixtures.tsx';

/** The account's time zone (issue 28): a searchable combobox of every zone, saved when picked. */

async function open(signedIn: PublicUser, locale: 'en' | 'de' = 'en') {
  const i18n = await startI18n(locale, ['account']);
  render(
    <I18nRoot i18n={i18n}>
      <SessionProvider initialUser={signedIn}>
        <ToastProvider>
          <TimeZoneCard />
        </ToastProvider>
      </SessionProvider>
    </I18nRoot>,
  );
}

const saving = (zone: string) =>
  mockApi({
    'GET /api/credits': { status: 200, body: {} },
    'PATCH /api/me': (body) => ({ status: 200, body: user({ timeZone: (body as { timeZone: string }).timeZone ?? zone }) }),
  });
/** The list's live count (the toasts are a status too). */
const status = () => screen.getAllByRole('status').find((el) => el.classList.contains('sr-only'))!;

describe('the account’s time zone', () => {
  it('finds a zone by typing, and saves it with Enter', async () => {
    const calls = saving('Europe/Berlin');
    await open(user({ timeZone: 'UTC' }));
    expect(screen.getByRole('heading', { name: 'Time zone' })).toBeTruthy();
    expect(screen.getByText('UTC (UTC now)')).toBeTruthy();
    const box = screen.getByRole('combobox', { name: 'Change time zone' });
    const keys = userEvent.setup();
    await keys.click(box);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(within(screen.getByRole('listbox')).getAllByRole('option').length).toBeGreaterThan(300);
    await keys.type(box, 'berlin');
    expect(status().textContent).toBe('1 time zone matches.');
    const [option] = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(option!.textContent).toMatch(/^Europe\/Berlin(Central European Time)?UTC\+0[12]:00$/);
    expect(box.getAttribute('aria-activedescendant')).toBe(option!.id);
    await keys.keyboard('{Enter}');
    expect(await screen.findByText('Time zone saved: Europe/Berlin.')).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'PATCH', path: '/api/me', body: { timeZone: 'Europe/Berlin' } }]);
    expect(screen.getByText(/^Europe\/Berlin \(UTC\+0[12]:00 now\)$/)).toBeTruthy();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('moves through the matches with the arrow keys, closes with Escape, and says when nothing matches', async () => {
    const calls = saving('America/New_York');
    await open(user({ timeZone: 'UTC' }));
    const box = screen.getByRole('combobox', { name: 'Change time zone' });
    const keys = userEvent.setup();
    await keys.click(box);
    await keys.type(box, 'north dakota');
    expect(status().textContent).toBe('3 time zones match.');
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent?.split(/Central Time|UTC/)[0])).toEqual([
      'America/North Dakota/Beulah',
      'America/North Dakota/Center',
      'America/North Dakota/New Salem',
    ]);
    await keys.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    await keys.keyboard('{ArrowUp}');
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    await keys.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box.getAttribute('aria-expanded')).toBe('false');
    await keys.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox')).toBeTruthy();
    await keys.clear(box);
    await keys.type(box, 'atlantis');
    expect(screen.getByText('No time zone matches “atlantis”.')).toBeTruthy();
    expect(status().textContent).toBe('No time zones match.');
    await keys.keyboard('{Enter}');
    expect(writes(calls)).toEqual([]);
  });

  it('offers this browser’s zone when the account has another, and shows a refusal', async () => {
    mockApi({
      'GET /api/credits': { status: 200, body: {} },
      'PATCH /api/me': {
        status: 422,
        body: envelope('validation_failed', 'Some fields need your attention.', {
          timeZone: ['This time zone is not known. Pick one from the list, such as Europe/Berlin.'],
        }),
      },
    });
    await open(user({ timeZone: 'Asia/Tokyo' }));
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    await userEvent.setup().click(screen.getByRole('button', { name: `Use this browser’s zone (${browser.replaceAll('_', ' ')})` }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText(/^Asia\/Tokyo \(UTC\+09:00 now\)$/)).toBeTruthy();
  });

  it('takes this browser’s zone by itself while the account has none (made before, or signed up without JavaScript)', async () => {
    const calls = saving('UTC');
    await open(user({ timeZone: null }));
    expect(screen.getByText(/^Not set yet: this browser’s zone \(.+\) is used\.$/)).toBeTruthy();
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    await waitFor(() => expect(writes(calls)).toEqual([{ method: 'PATCH', path: '/api/me', body: { timeZone: browser === 'Etc/UTC' ? 'UTC' : browser } }]));
    expect(await screen.findByText(/ now\)$/)).toBeTruthy();
  });

  it('speaks German: the search finds zones by their German names, counted in German', async () => {
    const calls = saving('Europe/Berlin');
    await open(user({ timeZone: 'UTC', locale: 'de' }), 'de');
    expect(screen.getByRole('heading', { name: 'Zeitzone' })).toBeTruthy();
    expect(screen.getByText('UTC (derzeit UTC)')).toBeTruthy();
    const box = screen.getByRole('combobox', { name: 'Zeitzone ändern' });
    expect(box.getAttribute('placeholder')).toBe('Nach Stadt, Region oder Abweichung suchen');
    const keys = userEvent.setup();
    await keys.click(box);
    await keys.type(box, 'mitteleurop');
    expect(status().textContent).toMatch(/^\d+ Zeitzonen passen\.$/);
    await keys.clear(box);
    await keys.type(box, 'berlin');
    expect(status().textContent).toBe('1 Zeitzone passt.');
    await keys.click(within(screen.getByRole('listbox')).getByRole('option', { name: /Europe\/Berlin/ }));
    expect(await screen.findByText('Zeitzone gespeichert: Europe/Berlin.')).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'PATCH', path: '/api/me', body: { timeZone: 'Europe/Berlin' } }]);
    await keys.clear(box);
    await keys.type(box, 'xyz');
    expect(screen.getByText('Keine Zeitzone passt zu „xyz“.')).toBeTruthy();
    expect(status().textContent).toBe('Keine Zeitzone passt.');
  });
});
