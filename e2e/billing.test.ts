import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launch, signUpInBrowser, uniqueEmail } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('credits in the browser', () => {
  it('buys a credit pack through the sandbox checkout and sees the new balance', async () => {
    const { context, page, errors } = await signUpInBrowser(browser, uniqueEmail('buyer'));
    await page.getByRole('link', { name: '25 credits' }).click();
    await page.waitForURL('**/account/credits');
    await page.getByRole('heading', { name: 'Buy credits' }).waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Buy for 9 €' }).click();
    await page.waitForURL(/\/billing\/sandbox\/[A-Za-z0-9_-]+$/);
    await page.getByRole('heading', { name: '100 credits' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Pay 9 €' }).click();

    await page.waitForURL('**/account/credits');
    await page.getByText('Thank you! Your credits are on your balance.').waitFor();
    await page.getByRole('link', { name: '125 credits' }).waitFor();
    const history = page.getByRole('table');
    await history.getByText('100 credits (pack)').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
