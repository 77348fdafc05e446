import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CalendarAnswer, CalendarEntry } from '#common/schemas/calendar.ts';
import { ToastProvider } from '#client/components/toast.tsx';
import { startI18n } from '#client/lib/i18n.tsx';
import { I18nRoot } from '#client/lib/i18n-root.tsx';
import { SessionProvider } from '#client/lib/session.tsx';
import { CalendarScreen } from '#client/features/calendar/calendar-screen.tsx';
import { envelope, mockApi } from '#client/test/api-mock.ts';
import { gets, user, writes } from '#client/test/fixtures.tsx';

/**
 * The content calendar's screen on the account's clock (Berlin; the test process runs in
 * another zone): month and week views, filters, moving a scheduled post by drag, by the arrow
 * keys and through "Move…", the optimistic move and its rollback, and the feed card.
 */
const NOW = new Date('2030-03-12T10:00:00.000Z');
const AD_A = 'ad_aaaaaaaaaaaaaaaaaaaaaa';

function entry(extra: Partial<CalendarEntry> = {}): CalendarEntry {
  return {
    postId: 'post_aaaaaaaaaaaaaaaaaaa',
    adId: AD_A,
    adName: 'Spring launch',
    projectId: 'prj_aaaaaaaaaaaaaaaaaaaa',
    projectName: 'Northwind Coffee',
    status: 'scheduled',
    publishing: false,
    // 10:00 in Berlin on Thursday 14 March.
    at: '2030-03-14T09:00:00.000Z',
    kind: 'single',
    placements: ['instagram_feed'],
    thumbnailUrl: null,
    permalink: null,
    error: null,
    sandbox: true,
    ...extra,
  };
}

const PUBLISHED = entry({
  postId: 'post_bbbbbbbbbbbbbbbbbbb',
  adId: 'ad_bbbbbbbbbbbbbbbbbbbbbb',
  adName: 'Winter sale',
  status: 'published',
  at: '2030-03-10T08:00:00.000Z',
});

function answer(items: CalendarEntry[] = [entry(), PUBLISHED]): CalendarAnswer {
  return {
    items,
    projects: [
      { id: 'prj_aaaaaaaaaaaaaaaaaaaa', name: 'Northwind Coffee' },
      { id: 'prj_bbbbbbbbbbbbbbbbbbbb', name: 'Fjord Tea' },
    ],
  };
}

type Routes = Parameters<typeof mockApi>[0];

async function show(routes: Routes = {}, locale: 'en' | 'de' = 'en') {
  const calls = mockApi({
    'GET /api/calendar': { status: 200, body: answer() },
    'GET /api/calendar/feed': { status: 200, body: { url: null, createdAt: null } },
    ...routes,
  });
  const i18n = await startI18n(locale, ['calendar', 'ads']);
  render(
    <I18nRoot i18n={i18n}>
      <SessionProvider initialUser={user({ timeZone: 'Europe/Berlin', locale })}>
        <ToastProvider>
          <MemoryRouter>
            <CalendarScreen now={() => NOW} />
          </MemoryRouter>
        </ToastProvider>
      </SessionProvider>
    </I18nRoot>,
  );
  return calls;
}

/** The month grid (from 640 px; the agenda below it holds the same cards). */
const cell = async (day: string) => {
  await screen.findAllByText('Spring launch', { exact: false });
  return document.querySelector(`li[data-day="${day}"]`) as HTMLElement;
};
const cardIn = (day: HTMLElement, name: string) => within(day).queryByText(name, { exact: false });

describe('the calendar screen', () => {
  it('shows the month on the account’s clock with its posts and the zone; the week starts on Sunday in English and Monday in German', async () => {
    await show();
    expect(screen.getByText('Times in Europe/Berlin')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'March 2030' })).toBeTruthy();
    expect(cardIn(await cell('2030-03-14'), 'Spring launch')).toBeTruthy();
    expect(cardIn(await cell('2030-03-10'), 'Winter sale')).toBeTruthy();
    expect(document.querySelector('li[data-day]')?.getAttribute('data-day')).toBe('2030-02-24');
    // The link opens the ad; a published post has no "Move…".
    const link = within(await cell('2030-03-14')).getByRole('link', { name: /10:00 Spring launch, Northwind Coffee, Scheduled/ });
    expect(link.getAttribute('href')).toBe(`/projects/prj_aaaaaaaaaaaaaaaaaaaa/marketing?ad=${AD_A}`);
    expect(within(await cell('2030-03-10')).queryByRole('button', { name: 'Move…' })).toBeNull();
    const gotten = gets().find((g) => g.path === '/api/calendar');
    // 24 Feb to 6 Apr, midnight in Berlin: UTC+1 at the start, UTC+2 at the end (summer time from 31 March).
    expect(gotten?.query).toEqual({ from: '2030-02-23T23:00:00.000Z', to: '2030-04-06T22:00:00.000Z' });
  });

  it('in German the week starts on Monday', async () => {
    await show({}, 'de');
    expect(await screen.findByText('Zeiten in Europe/Berlin')).toBeTruthy();
    await cell('2030-03-14');
    expect(document.querySelector('li[data-day]')?.getAttribute('data-day')).toBe('2030-02-25');
  });

  it('drags a scheduled post to another day: it moves at once, keeps its time of day, and the server is told where it was', async () => {
    let release: (value: { status: number; body: unknown }) => void = () => {};
    const calls = await show({
      [`PATCH /api/calendar/ads/${AD_A}`]: () => new Promise((resolve) => (release = resolve)),
    });
    const card = cardIn(await cell('2030-03-14'), 'Spring launch')!.closest('[draggable]') as HTMLElement;
    fireEvent.dragStart(card);
    const target = await cell('2030-03-20');
    fireEvent.dragOver(target);
    fireEvent.drop(target);
    expect(cardIn(await cell('2030-03-20'), 'Spring launch')).toBeTruthy();
    expect(cardIn(await cell('2030-03-14'), 'Spring launch')).toBeNull();
    await waitFor(() =>
      expect(writes(calls)).toEqual([
        { method: 'PATCH', path: `/api/calendar/ads/${AD_A}`, body: { at: '2030-03-20T09:00:00.000Z', from: '2030-03-14T09:00:00.000Z' } },
      ]),
    );
    await act(async () => release({ status: 200, body: { id: 'post_aaaaaaaaaaaaaaaaaaa', status: 'scheduled', scheduledAt: '2030-03-20T09:00:00.000Z' } }));
    expect(await screen.findByText(/“Spring launch” moved to/)).toBeTruthy();
  });

  it('a refused move goes back where it was, with the server’s reason in a toast', async () => {
    const calls = await show({
      [`PATCH /api/calendar/ads/${AD_A}`]: {
        status: 409,
        body: envelope('conflict', 'This post is being published right now or already was. It can no longer be moved.'),
      },
    });
    const card = cardIn(await cell('2030-03-14'), 'Spring launch')!.closest('[draggable]') as HTMLElement;
    fireEvent.dragStart(card);
    fireEvent.dragOver(await cell('2030-03-21'));
    fireEvent.drop(await cell('2030-03-21'));
    expect(
      await screen.findByText('“Spring launch” stays where it was: This post is being published right now or already was. It can no longer be moved.'),
    ).toBeTruthy();
    expect(cardIn(await cell('2030-03-14'), 'Spring launch')).toBeTruthy();
    expect(cardIn(await cell('2030-03-21'), 'Spring launch')).toBeNull();
    expect(writes(calls)).toHaveLength(1);
  });

  it('moves from the keyboard: arrows pick the post up and move it a day or a week, Enter drops it, Escape puts it back', async () => {
    const calls = await show({
      [`PATCH /api/calendar/ads/${AD_A}`]: {
        status: 200,
        body: { id: 'post_aaaaaaaaaaaaaaaaaaa', status: 'scheduled', scheduledAt: '2030-03-22T09:00:00.000Z' },
      },
    });
    const button = within(await cell('2030-03-14')).getByRole('button', { name: 'Move…' });
    button.focus();
    const keys = userEvent.setup();
    await keys.keyboard('{ArrowRight}{ArrowDown}');
    expect(screen.getByText(/“Spring launch” picked up: Friday,? 22 March/)).toBeTruthy();
    await keys.keyboard('{Escape}');
    expect(writes(calls)).toEqual([]);
    expect(cardIn(await cell('2030-03-14'), 'Spring launch')).toBeTruthy();

    within(await cell('2030-03-14'))
      .getByRole('button', { name: 'Move…' })
      .focus();
    await keys.keyboard('{ArrowDown}{ArrowRight}{Enter}');
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]?.body).toEqual({ at: '2030-03-22T09:00:00.000Z', from: '2030-03-14T09:00:00.000Z' });
    expect(cardIn(await cell('2030-03-22'), 'Spring launch')).toBeTruthy();
  });

  it('moves to a date and time through “Move…” (read on the account’s clock)', async () => {
    const calls = await show({
      [`PATCH /api/calendar/ads/${AD_A}`]: {
        status: 200,
        body: { id: 'post_aaaaaaaaaaaaaaaaaaa', status: 'scheduled', scheduledAt: '2030-03-15T17:30:00.000Z' },
      },
    });
    await userEvent.setup().click(within(await cell('2030-03-14')).getByRole('button', { name: 'Move…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move “Spring launch”' });
    const input = within(dialog).getByLabelText('New date and time') as HTMLInputElement;
    expect(input.value).toBe('2030-03-14T10:00');
    fireEvent.change(input, { target: { value: '2030-03-15T18:30' } });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(writes(calls)[0]?.body).toEqual({ at: '2030-03-15T17:30:00.000Z', from: '2030-03-14T09:00:00.000Z' }));
    expect(cardIn(await cell('2030-03-15'), 'Spring launch')).toBeTruthy();
  });

  it('filters by project, status and placement, and switches to the week', async () => {
    await show();
    await cell('2030-03-14');
    const ui = userEvent.setup();
    expect(within(screen.getByLabelText('Project')).getByRole('option', { name: 'Fjord Tea' })).toBeTruthy();
    await ui.selectOptions(screen.getByLabelText('Project'), 'prj_bbbbbbbbbbbbbbbbbbbb');
    await ui.selectOptions(screen.getByLabelText('Status'), 'published');
    await ui.selectOptions(screen.getByLabelText('Placement'), 'instagram_story');
    await waitFor(() =>
      expect(
        gets()
          .filter((g) => g.path === '/api/calendar')
          .at(-1)?.query,
      ).toMatchObject({
        projectId: 'prj_bbbbbbbbbbbbbbbbbbbb',
        status: 'published',
        placement: 'instagram_story',
      }),
    );
    await ui.click(screen.getByRole('button', { name: 'Week' }));
    await waitFor(() =>
      expect(
        gets()
          .filter((g) => g.path === '/api/calendar')
          .at(-1)?.query,
      ).toMatchObject({ from: '2030-03-09T23:00:00.000Z', to: '2030-03-16T23:00:00.000Z' }),
    );
    expect(document.querySelectorAll('li[data-day]')).toHaveLength(7);
    await ui.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(
        gets()
          .filter((g) => g.path === '/api/calendar')
          .at(-1)?.query,
      ).toMatchObject({ from: '2030-03-16T23:00:00.000Z' }),
    );
  });

  it('says when the window is empty, and offers a retry when loading fails', async () => {
    let fail = true;
    await show({ 'GET /api/calendar': () => (fail ? { status: 500, body: envelope('internal', 'Boom') } : { status: 200, body: answer([]) }) });
    expect(await screen.findByText('The calendar could not be loaded')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nothing this month')).toBeTruthy();
  });

  it('the feed card makes an address, replaces it and turns it off after asking', async () => {
    const url = 'https://adloom.test/ical/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics';
    const calls = await show({
      'POST /api/calendar/feed': { status: 201, body: { url, createdAt: '2030-03-12T10:00:00.000Z' } },
      'DELETE /api/calendar/feed': { status: 204 },
    });
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Create a feed address' }));
    expect(((await screen.findByLabelText('Feed address')) as HTMLInputElement).value).toBe(url);
    await ui.click(screen.getByRole('button', { name: 'New address' }));
    expect(await screen.findByText('A new address is made; the old one no longer works.')).toBeTruthy();
    await ui.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off the calendar feed?' });
    await ui.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByRole('button', { name: 'Create a feed address' })).toBeTruthy();
    expect(writes(calls).map((c) => c.method)).toEqual(['POST', 'POST', 'DELETE']);
  });
});
