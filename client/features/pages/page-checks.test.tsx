import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageDocument } from '#common/schemas/blocks.ts';
import { readyDocument } from '#common/test/ready-page.ts';
import { envelope } from '#client/test/api-mock.ts';
import { writes } from '#client/test/fixtures.tsx';
import { BASE, open, pageDetail, pageVersion } from '#client/test/page-editor-fixtures.tsx';

/**
 * The checks before publishing in the page editor (issue 30 §3): the count beside Publish, the
 * checklist with "Go to" (pointer and keyboard), Publish blocked by errors, "Publish anyway" with
 * warnings, the server's refusal, and restore refused.
 */

afterEach(async () => {
  cleanup();
  window.innerWidth = 1024;
  vi.useRealTimers();
  await new Promise((resolve) => setTimeout(resolve, 0));
});

const published = (body: unknown) => ({
  status: 200,
  body: pageDetail({ status: 'published', revision: (body as { baseRevision: number }).baseRevision, publishedRevision: 3, versionCount: 1 }),
});
const checksButton = () => screen.getByRole('button', { name: /^Checks \d+ \(/ });
/** The checks button's name: what it shows, then what the count is made of. */
const checksName = () => checksButton().textContent?.replace(/\s+/g, ' ').trim();

describe('the checks before publishing', () => {
  it('counts errors and warnings beside Publish; Publish with errors opens the checklist instead, and "Go to" (by keyboard) focuses the field', async () => {
    const user = userEvent.setup();
    const { calls } = open({ [`POST ${BASE}/publish`]: published });
    // The fixture's hero keeps the default subheading and its button the default #signup; no search description, no social image.
    await screen.findByRole('list', { name: 'Blocks of the page' });
    expect(checksName()).toBe('Checks 4 (2 errors, 2 warnings)');

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = screen.getByRole('dialog', { name: 'Checks before publishing' });
    expect(within(dialog).getByText('This page cannot be published yet: fix the errors first.')).toBeTruthy();
    const errors = within(dialog).getByRole('region', { name: 'Fix before publishing' });
    expect(within(errors).getByText('Placeholder text is still in.')).toBeTruthy();
    expect(within(errors).getByText('The link points to a part of the page that does not exist.')).toBeTruthy();
    const warnings = within(dialog).getByRole('region', { name: 'Worth a look' });
    expect(within(warnings).getByText('The search description is empty.')).toBeTruthy();
    expect(within(warnings).getByText('There is no social image.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Publish anyway' })).toBeNull();
    expect(writes(calls).filter((c) => c.path.endsWith('/publish'))).toEqual([]);

    // The keyboard path: Tab to the first "Go to", Enter.
    // Each row names the block and quotes its words, so that two findings of one block tell apart.
    expect(within(errors).getByRole('button', { name: 'Go to Hero: Fresh coffee weekly · “#signup”' })).toBeTruthy();
    const goTo = within(errors).getByRole('button', { name: 'Go to Hero: Fresh coffee weekly · “One or two sentences on who it is for and why i…”' });
    goTo.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Checks before publishing' })).toBeNull());
    const subheading = screen.getByLabelText('Subheading');
    await waitFor(() => expect(document.activeElement).toBe(subheading));
    await user.clear(subheading);
    await user.type(subheading, 'Roasted on Monday, with you by Wednesday.');
    expect(checksName()).toBe('Checks 3 (1 error, 2 warnings)');

    // "Go to" the link: the button's link field.
    await user.click(checksButton());
    await user.click(
      within(screen.getByRole('dialog', { name: 'Checks before publishing' })).getByRole('button', { name: 'Go to Hero: Fresh coffee weekly · “#signup”' }),
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getAllByLabelText('Button link')[0]));
  });

  it('with only warnings asks first, lists them, and publishes accepting exactly them; "Go to" a search field opens the page settings', async () => {
    const user = userEvent.setup();
    const { calls } = open({ [`POST ${BASE}/publish`]: published }, pageDetail({ draft: readyDocument('Fresh coffee weekly') }));
    await screen.findByRole('list', { name: 'Blocks of the page' });
    expect(checksName()).toBe('Checks 1 (no errors, 1 warning)');
    // Select a block first: "Go to" the social image goes back to the page's own settings.
    await user.click(within(screen.getByRole('list', { name: 'Blocks of the page' })).getByRole('button', { name: 'Hero: Fresh coffee weekly' }));
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const ask = screen.getByRole('dialog', { name: 'Publish with 1 warning?' });
    expect(within(ask).getByText('There is no social image.')).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: 'Go to Search and sharing' }));
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(/Choose social image/));

    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Publish with 1 warning?' })).getByRole('button', { name: 'Publish anyway' }));
    await screen.findByText('Published: version 1 is live.');
    expect(writes(calls).find((c) => c.path.endsWith('/publish'))!.body).toEqual({ baseRevision: 3, acceptWarnings: ['a:seo:image:seoImage'] });
  });

  it('shows what only the server can see (a link to a page of the funnel that is not published) when it refuses', async () => {
    const user = userEvent.setup();
    const draft = readyDocument('Fresh coffee weekly');
    const ready: PageDocument = { ...draft, seo: { ...draft.seo, image: { mediaId: 'med_aaaaaaaaaaaaaaaa', alt: 'A cup' } } };
    const { calls } = open(
      {
        [`POST ${BASE}/publish`]: {
          status: 422,
          body: envelope('page_checks_failed', 'Fix what the checks before publishing found first.', {
            errors: ['a:hero:primary.href:pageUnpublished'],
            warnings: [],
          }),
        },
      },
      pageDetail({ draft: ready }),
    );
    await screen.findByRole('list', { name: 'Blocks of the page' });
    expect(checksName()).toBe('Checks 0 (no errors, no warnings)');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Checks before publishing' });
    expect(within(dialog).getByText('The link points to a page of this funnel that is not published.')).toBeTruthy();
    expect(checksName()).toBe('Checks 1 (1 error, no warnings)');
    expect(writes(calls).filter((c) => c.path.endsWith('/publish'))).toHaveLength(1);
  });

  it('says why a version cannot be restored (errors), and restores one with warnings only after "Restore anyway"', async () => {
    const user = userEvent.setup();
    const refused = (errors: string[], warnings: string[]) => ({
      status: 422,
      body: envelope('page_checks_failed', 'Fix what the checks before publishing found first.', { errors, warnings }),
    });
    const restoredTwo = (body: unknown) =>
      (body as { acceptWarnings?: string[] } | undefined)?.acceptWarnings
        ? { status: 200, body: pageDetail({ revision: 5, status: 'published', versionCount: 3 }) }
        : refused([], ['a:seo:image:seoImage']);
    const { calls } = open(
      {
        [`GET ${BASE}/versions`]: { status: 200, body: [pageVersion('ver_bbbbbbbbbbbbbbbb', 2), pageVersion('ver_aaaaaaaaaaaaaaaa', 1)] },
        [`POST ${BASE}/versions/ver_aaaaaaaaaaaaaaaa/restore`]: refused(['a:faq-1:items.0.question:placeholder'], ['a:seo:image:seoImage']),
        [`POST ${BASE}/versions/ver_bbbbbbbbbbbbbbbb/restore`]: restoredTwo,
      },
      pageDetail({ status: 'published', versionCount: 2 }),
    );
    await user.click(await screen.findByRole('button', { name: 'Versions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Published versions' });
    await user.click(await within(dialog).findByRole('button', { name: 'Restore version 1' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Restore version 1?' })).getByRole('button', { name: 'Restore and publish' }));
    const blocked = await within(dialog).findByRole('alert');
    expect(blocked.textContent).toContain('Version 1 cannot be restored: it has problems that block publishing today. Nothing was changed.');
    expect(blocked.textContent).toContain('Placeholder text is still in. (block “faq-1”)');
    expect(within(blocked).queryByRole('button', { name: 'Restore anyway' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Restore version 2' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Restore version 2?' })).getByRole('button', { name: 'Restore and publish' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain('Version 2 has 1 warning:'));
    await user.click(within(within(dialog).getByRole('alert')).getByRole('button', { name: 'Restore anyway' }));
    await screen.findByText('Version 2 restored and published.');
    const restores = writes(calls).filter((c) => c.path.endsWith('/restore'));
    expect(restores.map((c) => [c.path, c.body])).toEqual([
      [`${BASE}/versions/ver_aaaaaaaaaaaaaaaa/restore`, {}],
      [`${BASE}/versions/ver_bbbbbbbbbbbbbbbb/restore`, {}],
      [`${BASE}/versions/ver_bbbbbbbbbbbbbbbb/restore`, { acceptWarnings: ['a:seo:image:seoImage'] }],
    ]);
  });

  it('on a phone with the preview chosen, "Go to" switches back to the panels and focuses the field', async () => {
    window.innerWidth = 390;
    const user = userEvent.setup();
    open();
    await screen.findByRole('list', { name: 'Blocks of the page' });
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByRole('button', { name: 'Preview' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(checksButton());
    const errors = within(screen.getByRole('dialog', { name: 'Checks before publishing' })).getByRole('region', { name: 'Fix before publishing' });
    await user.click(within(errors).getByRole('button', { name: /^Go to Hero: Fresh coffee weekly · “One or two/ }));
    expect(screen.getByRole('button', { name: 'Edit' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Subheading')));
  });
});
