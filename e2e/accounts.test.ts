import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, expectAccessible, hydrated, launch, newPage, PASSWORD, queryD1, signUpInBrowser, uniqueEmail } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const signUp = (email: string) => signUpInBrowser(browser, email);

describe('accounts in the browser', () => {
  it('signs up and lands on the dashboard with the Free credits', async () => {
    const { context, page, errors } = await signUp(uniqueEmail('signup'));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/, Erin$/);
    await expect.poll(() => page.getByRole('link', { name: '25 credits' }).count()).toBe(1);
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs out from the account menu and cannot reach the workspace any more', async () => {
    const { context, page } = await signUp(uniqueEmail('signout'));
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${baseURL}/`);
    await page.goto('/dashboard');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/dashboard');
    await context.close();
  });

  it('signs in through the modal from /pricing and lands back on /pricing', async () => {
    const email = uniqueEmail('modal');
    const first = await signUp(email);
    await first.context.close();

    const { context, page, errors } = await newPage(browser);
    await page.goto('/pricing');
    await hydrated(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log in' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    // Still the pricing page underneath: the modal is over the current screen.
    expect(await page.getByRole('heading', { name: 'Pay for what you render' }).count()).toBe(1);
    await expectAccessible(page);

    // Back closes it and returns to the page; opening again works.
    await page.goBack();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/pricing');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log in' }).click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/pricing');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log in' }).click();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/pricing');
    // Signed in now: the header offers the workspace instead of "Log in".
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Open workspace' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loading /login directly shows the full page', async () => {
    const { context, page } = await newPage(browser);
    const response = await page.goto('/login');
    expect(response?.status()).toBe(200);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Sign in to Adloom' }).count()).toBe(1);
    await expectAccessible(page);
    await context.close();
  });

  it('resets the password through the link in the outbox', async () => {
    const email = uniqueEmail('reset');
    const first = await signUp(email);
    await first.context.close();

    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL('**/password-reset');
    await hydrated(page);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('Check your inbox').waitFor();

    let link: string | undefined;
    await expect
      .poll(
        () => {
          const rows = queryD1<{ text_body: string }>(
            `SELECT text_body FROM email_outbox WHERE to_address = '${email}' AND kind = 'password_reset' ORDER BY created_at DESC LIMIT 1`,
          );
          link = rows[0]?.text_body.match(/http:\/\/\S+\/password-reset\?token=\S+/)?.[0];
          return link;
        },
        { timeout: 10_000 },
      )
      .toBeTruthy();

    await page.goto(link!);
    await hydrated(page);
    await page.getByLabel('New password').fill('a completely new password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Your password is changed').waitFor();
    await page.getByRole('link', { name: 'Sign in' }).first().click();
    // Fill in the sign-in page only once it is there and its form is live: filling the
    // server-rendered fields of a page that is still loading raced with its hydration.
    await page.waitForURL('**/login');
    await hydrated(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a completely new password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');
    await context.close();
  });
});

describe('before the page’s script has run', () => {
  it('signs in with what was typed into the sign-in form before it hydrated', async () => {
    const email = uniqueEmail('early');
    const first = await signUp(email);
    await first.context.close();

    const { context, page, errors } = await newPage(browser);
    // Hold the page's scripts back, as a slow phone or a busy machine does, while the visitor types.
    let release: () => void = () => {};
    const scriptsMayLoad = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\.js$/, async (route) => {
      await scriptsMayLoad;
      await route.continue();
    });
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    release();
    await hydrated(page);
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('without JavaScript', () => {
  it('sends the contact form and shows the confirmation', async () => {
    const email = uniqueEmail('nojs');
    const { context, page } = await newPage(browser, { javaScriptEnabled: false });
    await page.goto('/contact');
    await page.getByLabel('Name').fill('No Script');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Message').fill('Hello from a browser without JavaScript.');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Thank you, your message is on its way.').waitFor();
    const rows = queryD1<{ message: string }>(`SELECT message FROM contact_messages WHERE email = '${email}'`);
    expect(rows).toEqual([{ message: 'Hello from a browser without JavaScript.' }]);
    const mails = queryD1<{ kind: string }>(`SELECT kind FROM email_outbox WHERE to_address = '${email}'`);
    expect(mails).toEqual([{ kind: 'contact_confirmation' }]);
    await context.close();
  });

  it('shows validation errors and keeps the typed text', async () => {
    const { context, page } = await newPage(browser, { javaScriptEnabled: false });
    await page.goto('/contact');
    await page.getByLabel('Name').fill('Short');
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Message').fill('Too short');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Enter a valid email address').waitFor();
    expect(await page.getByLabel('Message').inputValue()).toBe('Too short');
    await context.close();
  });
});

describe('not found', () => {
  it('shows the 404 page with status 404', async () => {
    const { context, page } = await newPage(browser);
    const response = await page.goto('/this-page-does-not-exist');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(response?.headers()['x-request-id']).toBeTruthy();
    await expectAccessible(page);
    await context.close();
  });
});
