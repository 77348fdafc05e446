import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdDetail } from '#common/schemas/ads.ts';
import { envelope } from '#client/test/api-mock.ts';
import { useFakeClock } from '#client/test/fake-clock.ts';
import { page, writes } from '#client/test/fixtures.tsx';
import {
  AD_ID,
  adDetail,
  adPost,
  adSummary,
  BASE,
  connection,
  CREATION_A,
  CREATION_B,
  creationItem,
  openMarketing,
  review,
} from '#client/test/ads-fixtures.tsx';

const AD = `/api/ads/${AD_ID}`;

function openEditor(ad: AdDetail, api: Parameters<typeof openMarketing>[1] = {}, instagram = connection()) {
  return openMarketing(`?ad=${AD_ID}`, {
    [`GET ${BASE}/ads`]: page([adSummary({ status: ad.status })]),
    [`GET ${BASE}/instagram`]: { status: 200, body: instagram },
    [`GET ${AD}`]: { status: 200, body: ad },
    [`GET ${AD}/reviews`]: { status: 200, body: { items: [] } },
    [`GET ${AD}/pins`]: { status: 200, body: { revision: ad.revision, items: [] } },
    ...api,
  });
}

const editor = () => screen.findByRole('dialog', { name: 'Spring sale' });

describe('the ad editor', () => {
  it('counts characters as people do (emoji are one) and hashtags while typing', async () => {
    openEditor(adDetail());
    const user = userEvent.setup();
    const dialog = await editor();
    const text = await within(dialog).findByLabelText('Primary text');
    await user.clear(text);
    await user.type(text, 'Hi 👋 #surf #sun');
    expect(within(dialog).getByText('15 / 2,200 characters')).toBeTruthy();
    expect(within(dialog).getByText('2 / 30 hashtags')).toBeTruthy();
  });

  it('refuses 2,201 characters or 31 hashtags: the error shows and nothing is saved', async () => {
    const { calls } = openEditor(adDetail());
    const user = userEvent.setup();
    const dialog = await editor();
    const text = await within(dialog).findByLabelText('Primary text');
    await user.clear(text);
    await user.click(text);
    await user.paste('a'.repeat(2201));
    expect(within(dialog).getByText('2,201 / 2,200 characters')).toBeTruthy();
    expect(within(dialog).getByText('Use at most 2,200 characters.')).toBeTruthy();
    expect(text.getAttribute('aria-invalid')).toBe('true');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(writes(calls)).toEqual([]);

    await user.clear(text);
    await user.paste(Array.from({ length: 31 }, (_, i) => `#tag${i}`).join(' '));
    expect(within(dialog).getByText('31 / 30 hashtags')).toBeTruthy();
    expect(within(dialog).getByText('Use at most 30 hashtags.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(writes(calls)).toEqual([]);
  });

  it('warns per placement while typing, for the placements chosen', async () => {
    openEditor(adDetail());
    const user = userEvent.setup();
    const dialog = await editor();
    const text = await within(dialog).findByLabelText('Primary text');
    await user.clear(text);
    await user.click(text);
    await user.paste('x'.repeat(100));
    expect(within(dialog).queryByText(/shows about/)).toBeNull();
    await user.click(within(dialog).getByLabelText('Instagram reels'));
    expect(within(dialog).getByText(/Instagram reels shows about 72 characters of the primary text; this one has 100/)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Headline'), ' and a free wetsuit for everyone');
    expect(within(dialog).getByText(/Instagram feed shows about 40 characters of the headline/)).toBeTruthy();
    await user.click(within(dialog).getByLabelText('Facebook feed'));
    await user.type(within(dialog).getByLabelText('Description'), 'A description longer than thirty characters');
    expect(within(dialog).getByText(/Facebook feed shows about 30 characters of the description/)).toBeTruthy();
  });

  it('saves every field with the revision it was loaded at', async () => {
    const { calls } = openEditor(adDetail(), {
      [`PATCH ${AD}`]: (body) => ({ status: 200, body: { ...adDetail(), ...(body as object), revision: 4 } }),
    });
    const user = userEvent.setup();
    const dialog = await editor();
    const name = await within(dialog).findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Spring 🌸 sale');
    const text = within(dialog).getByLabelText('Primary text');
    await user.clear(text);
    await user.type(text, 'Surf 🏄 with us #surf');
    await user.clear(within(dialog).getByLabelText('Headline'));
    await user.type(within(dialog).getByLabelText('Headline'), 'Book now');
    await user.type(within(dialog).getByLabelText('Description'), 'Small groups');
    await user.selectOptions(within(dialog).getByLabelText('Call to action'), 'Book now');
    await user.clear(within(dialog).getByLabelText('Page name'));
    await user.type(within(dialog).getByLabelText('Page name'), 'Acme');
    const url = within(dialog).getByLabelText('Destination URL');
    await user.clear(url);
    await user.type(url, 'http://acme.example');
    await user.tab();
    expect(within(dialog).getByText('Use a full https:// address, like https://example.com/offer.')).toBeTruthy();
    await user.clear(url);
    await user.type(url, 'https://acme.example/book');
    await user.click(within(dialog).getByLabelText('Instagram story'));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Ad saved.')).toBeTruthy();
    expect(writes(calls)).toEqual([
      {
        method: 'PATCH',
        path: AD,
        body: {
          name: 'Spring 🌸 sale',
          primaryText: 'Surf 🏄 with us #surf',
          headline: 'Book now',
          description: 'Small groups',
          cta: 'book_now',
          destinationUrl: 'https://acme.example/book',
          pageName: 'Acme',
          placements: ['instagram_feed', 'instagram_story'],
          baseRevision: 3,
        },
      },
    ]);
    expect(within(dialog).getByText('Version 4')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Save changes' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('changes the pictures: a second one makes a carousel, and an approved ad is told it goes back to review', async () => {
    const { calls } = openEditor(adDetail({ status: 'approved' }), {
      [`GET /api/creations`]: page([creationItem(CREATION_A, 'Spring square'), creationItem(CREATION_B, 'Spring story')]),
      [`PATCH ${AD}`]: { status: 200, body: adDetail({ status: 'in_review', kind: 'carousel', revision: 4 }) },
    });
    const user = userEvent.setup();
    const dialog = await editor();
    await user.click(await within(dialog).findByRole('button', { name: 'Change pictures' }));
    await user.click(await within(dialog).findByLabelText(/Spring story/));
    expect((within(dialog).getByLabelText('Carousel') as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByText('Saving sends the approved ad back to review.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved. The ad went back to review.')).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'PATCH', path: AD, body: { kind: 'carousel', creationIds: [CREATION_A, CREATION_B], baseRevision: 3 } }]);
  });

  it('puts the server’s refusal on the field it is about', async () => {
    openEditor(adDetail(), {
      [`PATCH ${AD}`]: {
        status: 422,
        body: envelope('validation_failed', 'Some fields need attention.', { destinationUrl: ['That address does not answer.'] }),
      },
    });
    const user = userEvent.setup();
    const dialog = await editor();
    const url = await within(dialog).findByLabelText('Destination URL');
    await user.clear(url);
    await user.type(url, 'https://nowhere.example');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('That address does not answer.')).toBeTruthy();
    expect(url.getAttribute('aria-invalid')).toBe('true');
    await user.type(url, 'x');
    expect(within(dialog).queryByText('That address does not answer.')).toBeNull();
  });

  it('asks before closing with unsaved changes', async () => {
    const { router } = openEditor(adDetail());
    const user = userEvent.setup();
    const dialog = await editor();
    await user.type(await within(dialog).findByLabelText('Headline'), '!');
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    let confirm = screen.getByRole('dialog', { name: 'Discard your changes?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(router.state.location.search).toBe(`?ad=${AD_ID}`);
    expect((within(dialog).getByLabelText('Headline') as HTMLInputElement).value).toBe('Surf lessons -20%!');
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    confirm = screen.getByRole('dialog', { name: 'Discard your changes?' });
    await user.click(within(confirm).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('refuses to drop the last placement', async () => {
    const { calls } = openEditor(adDetail());
    const user = userEvent.setup();
    const dialog = await editor();
    await user.click(await within(dialog).findByLabelText('Instagram feed'));
    expect(within(dialog).getByText('Pick at least one placement.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(writes(calls)).toEqual([]);
  });

  it('explains a save conflict and loads the newer version on request', async () => {
    let newer = false;
    openEditor(adDetail(), {
      [`GET ${AD}`]: () => ({ status: 200, body: newer ? adDetail({ headline: 'Their headline', revision: 5 }) : adDetail() }),
      [`PATCH ${AD}`]: () => {
        newer = true;
        return { status: 409, body: envelope('conflict', 'Someone saved a newer version of this ad.', { _: ['revision:5'] }) };
      },
    });
    const user = userEvent.setup();
    const dialog = await editor();
    await user.type(await within(dialog).findByLabelText('Headline'), '!');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Someone else changed this ad meanwhile')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Load the latest version' }));
    await waitFor(() => expect((within(dialog).getByLabelText('Headline') as HTMLInputElement).value).toBe('Their headline'));
    expect(within(dialog).queryByText('Someone else changed this ad meanwhile')).toBeNull();
    expect(within(dialog).getByText('Version 5')).toBeTruthy();
  });

  it('shows other refusals as they are, without the conflict offer', async () => {
    openEditor(adDetail(), {
      [`PATCH ${AD}`]: { status: 409, body: envelope('conflict', 'This ad is being published right now. Wait until it is done.') },
    });
    const user = userEvent.setup();
    const dialog = await editor();
    await user.type(await within(dialog).findByLabelText('Headline'), '!');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('This ad is being published right now. Wait until it is done.')).toBeTruthy();
    expect(within(dialog).queryByText('Someone else changed this ad meanwhile')).toBeNull();
  });

  it('keeps a published ad’s copy as it was posted', async () => {
    openEditor(adDetail({ status: 'published', post: adPost({ status: 'published', permalink: 'https://www.instagram.com/p/abc/' }) }));
    const dialog = await editor();
    expect(await within(dialog).findByText(/its copy and pictures stay as they were posted/)).toBeTruthy();
    expect((within(dialog).getByLabelText('Primary text') as HTMLTextAreaElement).disabled).toBe(true);
    expect(within(dialog).queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Delete ad' })).toBeTruthy();
  });

  it('in an archived project only lets a member cancel the schedule or revoke the link', async () => {
    openMarketing(
      `?ad=${AD_ID}`,
      {
        [`GET ${BASE}/ads`]: page([adSummary({ status: 'scheduled' })]),
        [`GET ${AD}`]: {
          status: 200,
          body: adDetail({ status: 'scheduled', post: adPost(), previewUrl: 'https://adloom.example/preview/xyzxyzxyzxyzxyzxyzxyzxyz' }),
        },
        [`GET ${AD}/reviews`]: { status: 200, body: { items: [] } },
      },
      { archived: true },
    );
    const dialog = await editor();
    expect(await within(dialog).findByText(/This project is archived/)).toBeTruthy();
    expect((within(dialog).getByLabelText('Headline') as HTMLInputElement).disabled).toBe(true);
    expect(within(dialog).queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Regenerate' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Delete ad' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Revoke' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel schedule' })).toBeTruthy();
  });

  it('submits a draft for review', async () => {
    const { calls } = openEditor(adDetail(), { [`POST ${AD}/submit`]: { status: 200, body: adDetail({ status: 'in_review' }) } });
    const user = userEvent.setup();
    const dialog = await editor();
    await user.click(await within(dialog).findByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText(/Submitted for review/)).toBeTruthy();
    expect(within(dialog).getByText('In review', { selector: 'span' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Submit for review' })).toBeNull();
    expect(writes(calls)).toEqual([{ method: 'POST', path: `${AD}/submit`, body: undefined }]);
  });

  it('shares, copies, regenerates (asking first) and revokes the preview link', async () => {
    let n = 0;
    const { calls } = openEditor(adDetail(), {
      [`POST ${AD}/preview-link`]: () => ({ status: 200, body: { previewUrl: `https://adloom.example/preview/link${++n}xxxxxxxxxxxxxxxxxx` } }),
      [`DELETE ${AD}/preview-link`]: { status: 204 },
    });
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const dialog = await editor();
    await user.click(await within(dialog).findByRole('button', { name: 'Share preview link' }));
    const field = await within(dialog).findByLabelText('Link to share');
    expect((field as HTMLInputElement).value).toBe('https://adloom.example/preview/link1xxxxxxxxxxxxxxxxxx');
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith('https://adloom.example/preview/link1xxxxxxxxxxxxxxxxxx');
    expect(await screen.findByText('Preview link copied.')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Regenerate' }));
    let confirm = screen.getByRole('dialog', { name: 'Make a new preview link?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(writes(calls)).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Regenerate' }));
    confirm = screen.getByRole('dialog', { name: 'Make a new preview link?' });
    await user.click(within(confirm).getByRole('button', { name: 'Make new link' }));
    await waitFor(() => expect((within(dialog).getByLabelText('Link to share') as HTMLInputElement).value).toContain('link2'));

    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    confirm = screen.getByRole('dialog', { name: 'Revoke the preview link?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke link' }));
    expect(await within(dialog).findByRole('button', { name: 'Share preview link' })).toBeTruthy();
    expect(writes(calls).map((c) => `${c.method} ${c.path}`)).toEqual([`POST ${AD}/preview-link`, `POST ${AD}/preview-link`, `DELETE ${AD}/preview-link`]);
  });

  it('shows the review thread and asks for a comment when requesting changes', async () => {
    const { calls } = openEditor(adDetail({ status: 'in_review' }), {
      [`GET ${AD}/reviews`]: { status: 200, body: { items: [review({ level: 'Client' })] } },
      [`POST ${AD}/reviews`]: (body) => ({
        status: 201,
        body: review({ id: 'rev_bbbbbbbbbbbbbbbb', reviewerName: 'Olivia Owner', member: true, comment: (body as { comment: string }).comment }),
      }),
    });
    const user = userEvent.setup();
    const dialog = await editor();
    const thread = await within(dialog).findByRole('list', { name: 'Review thread' });
    expect(within(thread).getByText('Carla Customer')).toBeTruthy();
    expect(within(thread).getByText('Please use the blue logo.')).toBeTruthy();
    expect(within(thread).getByText(/through a shared link/)).toBeTruthy();
    // A review that moved the ad along its approval chain names the level.
    expect(within(thread).getByText('at “Client”')).toBeTruthy();

    await user.click(within(dialog).getByLabelText('Request changes'));
    await user.click(within(dialog).getByRole('button', { name: 'Request changes' }));
    expect(within(dialog).getByText('Say what should change.')).toBeTruthy();
    expect(writes(calls)).toEqual([]);
    await user.type(within(dialog).getByLabelText('Your comment'), 'Bigger logo, please');
    await user.click(within(dialog).getByRole('button', { name: 'Request changes' }));
    expect(await within(thread).findByText('Bigger logo, please')).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'POST', path: `${AD}/reviews`, body: { decision: 'request_changes', comment: 'Bigger logo, please' } }]);
    expect((within(dialog).getByLabelText('Your comment') as HTMLTextAreaElement).value).toBe('');
  });

  it('approves without a comment', async () => {
    const { calls } = openEditor(adDetail({ status: 'in_review' }), {
      [`POST ${AD}/reviews`]: { status: 201, body: review({ decision: 'approve', comment: '', member: true }) },
    });
    const user = userEvent.setup();
    const dialog = await editor();
    await user.click(await within(dialog).findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(writes(calls)).toEqual([{ method: 'POST', path: `${AD}/reviews`, body: { decision: 'approve' } }]));
  });

  it('offers what can still move the ad: an approved one is sent back or commented on, a published one only commented on', async () => {
    openEditor(adDetail({ status: 'approved' }));
    let dialog = await editor();
    await within(dialog).findByRole('radio', { name: 'Request changes' });
    expect(within(dialog).queryByRole('radio', { name: 'Approve' })).toBeNull();
    expect(within(dialog).getByRole('radio', { name: 'Comment' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Request changes' })).toBeTruthy();
    cleanup();

    openEditor(adDetail({ status: 'published', post: adPost({ status: 'published', publishedAt: '2026-03-03T10:00:00.000Z' }) }));
    dialog = await editor();
    await within(dialog).findByText(/The ad is scheduled or published: a review would change nothing/);
    for (const name of ['Approve', 'Request changes', 'Comment']) expect(within(dialog).queryByRole('radio', { name })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Add comment' })).toBeTruthy();
  });

  it('publishes an approved ad now to the sandbox account and shows the permalink', async () => {
    let published = false;
    const { calls } = openEditor(
      adDetail({ status: 'approved' }),
      {
        [`GET ${AD}`]: () => ({
          status: 200,
          body: published
            ? adDetail({
                status: 'published',
                post: adPost({ status: 'published', permalink: 'http://localhost/instagram/sandbox/iga_a#m1', publishedAt: '2026-03-03T10:00:00.000Z' }),
              })
            : adDetail({ status: 'approved' }),
        }),
        [`POST ${AD}/publish`]: () => {
          published = true;
          return { status: 201, body: adPost({ status: 'scheduled', scheduledAt: new Date().toISOString() }) };
        },
      },
      connection({}, { status: 'active' }),
    );
    const user = userEvent.setup();
    const dialog = await editor();
    expect(await within(dialog).findByText(/To @acme-surf.sandbox/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Publish now' }));
    const link = await within(dialog).findByRole('link', { name: /View the post/ });
    expect(link.getAttribute('href')).toBe('http://localhost/instagram/sandbox/iga_a#m1');
    expect(writes(calls)).toEqual([{ method: 'POST', path: `${AD}/publish`, body: {} }]);
  });

  it('looks again while the post is being published, until it has its permalink', async () => {
    useFakeClock();
    let reads = 0;
    openEditor(
      adDetail({ status: 'scheduled', post: adPost({ status: 'publishing', scheduledAt: new Date().toISOString() }) }),
      {
        [`GET ${AD}`]: () => {
          reads += 1;
          return {
            status: 200,
            body:
              reads < 2
                ? adDetail({ status: 'scheduled', post: adPost({ status: 'publishing', scheduledAt: new Date().toISOString() }) })
                : adDetail({
                    status: 'published',
                    post: adPost({ status: 'published', permalink: 'https://www.instagram.com/p/xyz/', publishedAt: new Date().toISOString() }),
                  }),
          };
        },
      },
      connection({}, { status: 'active' }),
    );
    const dialog = await editor();
    expect(await within(dialog).findByText('Publishing')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect((await within(dialog).findByRole('link', { name: /View the post/ })).getAttribute('href')).toBe('https://www.instagram.com/p/xyz/');
    expect(within(dialog).getAllByText('Published', { selector: 'span' })).toHaveLength(2);
    const toast = screen.getByText('“Spring sale” is on Instagram.').closest('[role=status]')!;
    expect(
      within(toast as HTMLElement)
        .getByRole('link', { name: 'View the post' })
        .getAttribute('href'),
    ).toBe('https://www.instagram.com/p/xyz/');
    await act(() => vi.advanceTimersByTimeAsync(10000));
    expect(reads).toBe(2);
  });

  it('schedules at a local time (the time zone shown) as an ISO instant, and cancels it', async () => {
    let scheduled = false;
    const { calls } = openEditor(
      adDetail({ status: 'approved' }),
      {
        [`GET ${AD}`]: () => ({ status: 200, body: scheduled ? adDetail({ status: 'scheduled', post: adPost() }) : adDetail({ status: 'approved' }) }),
        [`POST ${AD}/publish`]: () => {
          scheduled = true;
          return { status: 201, body: adPost() };
        },
        [`DELETE ${AD}/publish`]: () => {
          scheduled = false;
          return { status: 204 };
        },
      },
      connection({}, { status: 'active' }),
    );
    const user = userEvent.setup();
    const dialog = await editor();
    // The account's zone (the fixture user's: UTC), not the browser's (issue 28; schedule-time-zone.test.tsx).
    expect(await within(dialog).findByText('Time zone: UTC')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(within(dialog).getByText('Pick a date and time.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Or schedule for'), { target: { value: '2030-05-01T10:30' } });
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByRole('button', { name: 'Cancel schedule' })).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'POST', path: `${AD}/publish`, body: { at: '2030-05-01T10:30:00.000Z' } }]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel schedule' }));
    expect(await within(dialog).findByRole('button', { name: 'Publish now' })).toBeTruthy();
    expect(writes(calls).at(-1)).toEqual({ method: 'DELETE', path: `${AD}/publish`, body: undefined });
  });

  it('shows why publishing was refused', async () => {
    openEditor(
      adDetail({ status: 'approved' }),
      { [`POST ${AD}/publish`]: { status: 409, body: envelope('conflict', 'Reconnect Instagram before publishing.') } },
      connection({}, { status: 'active' }),
    );
    const user = userEvent.setup();
    const dialog = await editor();
    await user.click(await within(dialog).findByRole('button', { name: 'Publish now' }));
    expect((await within(dialog).findByText('Reconnect Instagram before publishing.')).closest('[role=alert]')).toBeTruthy();
  });

  it('deletes after asking, and the ad leaves the list', async () => {
    const { calls, router } = openEditor(adDetail(), { [`DELETE ${AD}`]: { status: 204 } });
    const user = userEvent.setup();
    const dialog = await editor();
    await user.click(await within(dialog).findByRole('button', { name: 'Delete ad' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete “Spring sale”?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete ad' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('No ads yet')).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'DELETE', path: AD, body: undefined }]);
  });

  it('is read-only for a viewer, who only comments and is not given the preview link (the server sends none)', async () => {
    const { calls } = openEditor(adDetail({ role: 'viewer', status: 'in_review', previewUrl: null }), {
      [`POST ${AD}/reviews`]: (body) => ({
        status: 201,
        body: review({ id: 'rev_cccccccccccccccc', member: true, comment: (body as { comment: string }).comment }),
      }),
    });
    const user = userEvent.setup();
    const dialog = await editor();
    expect(await within(dialog).findByText(/Only editors of the project can change it/)).toBeTruthy();
    expect((within(dialog).getByLabelText('Primary text') as HTMLTextAreaElement).disabled).toBe(true);
    expect(within(dialog).queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Revoke' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Delete ad' })).toBeNull();
    expect(within(dialog).getByText(/whoever holds it can approve the ad, so viewers do not see it/)).toBeTruthy();
    // The review form: a comment, nothing to approve or to request.
    expect(within(dialog).queryByLabelText('Approve')).toBeNull();
    expect(within(dialog).queryByLabelText('Request changes')).toBeNull();
    expect(within(dialog).getByText(/As a viewer you comment/)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Your comment'), 'Love the colours');
    await user.click(within(dialog).getByRole('button', { name: 'Add comment' }));
    expect(await within(dialog).findByText('Love the colours')).toBeTruthy();
    expect(writes(calls)).toEqual([{ method: 'POST', path: `${AD}/reviews`, body: { decision: 'comment', comment: 'Love the colours' } }]);
  });

  it('shows a skeleton while the ad loads and a retry when it fails', async () => {
    let fail = true;
    openEditor(adDetail(), {
      [`GET ${AD}`]: () => (fail ? { status: 500, body: envelope('internal', 'Boom') } : { status: 200, body: adDetail() }),
    });
    expect(await screen.findByRole('status', { name: 'Loading the ad' })).toBeTruthy();
    expect(await screen.findByText('The ad could not be loaded')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Primary text')).toBeTruthy();
  });
});
