import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '#client/components/toast.tsx';
import { startI18n } from '#client/lib/i18n.tsx';
import { I18nRoot } from '#client/lib/i18n-root.tsx';
import { SessionProvider } from '#client/lib/session.tsx';
import { PublishSection } from '#client/features/ads/ad-actions.tsx';
import { mockApi } from '#client/test/api-mock.ts';
import { adDetail, adPost, AD_ID, connection } from '#client/test/ads-fixtures.tsx';
import { user, writes } from '#client/test/fixtures.tsx';

/**
 * Scheduling a post on the account's clock (issue 28), not the browser's: these tests run in a
 * process whose zone is not the account's, so a time read in the wrong zone shows.
 */

const PUBLISH = `/api/ads/${AD_ID}/publish`;

function schedule(timeZone: string, answer: string, options: { locale?: 'en' | 'de'; post?: ReturnType<typeof adPost> } = {}) {
  const calls = mockApi({
    'GET /api/credits': { status: 200, body: {} },
    [`POST ${PUBLISH}`]: { status: 201, body: adPost({ scheduledAt: answer }) },
  });
  const onChanged = vi.fn(() => Promise.resolve());
  return {
    calls,
    onChanged,
    async show() {
      const i18n = await startI18n(options.locale ?? 'en', ['ads']);
      render(
        <I18nRoot i18n={i18n}>
          <SessionProvider initialUser={user({ timeZone, locale: options.locale ?? 'en' })}>
            <ToastProvider>
              <PublishSection
                ad={adDetail({ status: options.post ? 'scheduled' : 'approved', post: options.post ?? null })}
                canEdit
                instagram={connection({}, { status: 'active' })}
                onChanged={onChanged}
              />
            </ToastProvider>
          </SessionProvider>
        </I18nRoot>,
      );
    },
  };
}

describe('scheduling a post in the account’s time zone', () => {
  it('reads the picked time on the account’s clock across a date boundary (Los Angeles, late evening = next day in UTC)', async () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).not.toBe('America/Los_Angeles');
    const run = schedule('America/Los_Angeles', '2030-12-02T07:30:00.000Z');
    await run.show();
    expect(screen.getByText('Time zone: America/Los Angeles')).toBeTruthy();
    const input = screen.getByLabelText('Or schedule for');
    fireEvent.change(input, { target: { value: '2030-12-01T23:30' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Schedule' }));
    expect(await screen.findByText('Scheduled for 1 Dec 2030, 23:30.')).toBeTruthy();
    expect(writes(run.calls)).toEqual([{ method: 'POST', path: PUBLISH, body: { at: '2030-12-02T07:30:00.000Z' } }]);
  });

  it('at the night the clocks go back in Berlin, 02:30 is the first 02:30 (summer time), and 03:30 the hour after; in German', async () => {
    const first = schedule('Europe/Berlin', '2030-10-27T00:30:00.000Z', { locale: 'de' });
    await first.show();
    expect(screen.getByText('Zeitzone: Europe/Berlin')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Oder planen für'), { target: { value: '2030-10-27T02:30' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Planen' }));
    expect(await screen.findByText('Geplant für 27. Okt. 2030, 02:30.')).toBeTruthy();
    expect(writes(first.calls)).toEqual([{ method: 'POST', path: PUBLISH, body: { at: '2030-10-27T00:30:00.000Z' } }]);
  });

  it('shows a scheduled post’s time on the account’s clock, and the next minute as the earliest pick', async () => {
    const run = schedule('Asia/Tokyo', '2030-05-01T08:30:00.000Z', { post: adPost({ scheduledAt: '2030-05-01T20:30:00.000Z' }) });
    await run.show();
    // 20:30 UTC is 05:30 the next morning in Tokyo.
    const time = screen.getByText('2 May 2030, 05:30');
    expect(time.tagName).toBe('TIME');
    expect(within(time.parentElement!).getByText(/Asia\/Tokyo/)).toBeTruthy();
  });
});
