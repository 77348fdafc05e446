import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, keepScreenshot, launch, signUpInBrowser, uniqueEmail } from './browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** "Add your first customer" with the demo website, up to the brand-kit review it opens. */
async function addDemoCustomer(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Add your first customer' });
  await dialog.getByLabel('Name').fill('Northwind');
  await dialog.getByLabel('Website').fill('northwind-coffee.example');
  await dialog.getByRole('button', { name: 'Create project' }).click();
  const review = page.getByRole('dialog', { name: 'Brand kit for Northwind' });
  await review.getByRole('heading', { name: 'What we found on northwind-coffee.example' }).waitFor({ timeout: 30_000 });
  return review;
}

interface Project {
  id: string;
  name: string;
  brandKit: { logoMediaId: string | null; colors: string[]; headingFont: string; bodyFont: string; tone: string };
}
interface Creative {
  id: string;
  name: string;
  document: { layers: { type: string; slot?: string; text?: string }[] };
}

/**
 * The first hour of a new agency (issue 27), as one person goes through it: sign up, add a
 * customer from their website (the demo site northwind-coffee.example, which the worker answers
 * itself), keep the proposed brand kit, make a creative from a template, see it named after its
 * headline, and ask the customer for approval.
 */
describe('the first hour', () => {
  it('sign up → a customer from their website → the proposed brand kit → a creative named from its headline → out for approval', async () => {
    const { context, page, errors } = await signUpInBrowser(browser, uniqueEmail('first-hour'));
    await page.setViewportSize({ width: 1280, height: 800 });
    context.setDefaultTimeout(15_000);
    const api = <T>(path: string) => page.evaluate(async (url) => (await (await fetch(url)).json()) as unknown, path) as Promise<T>;

    // The dashboard's checklist: four steps on the Free plan, nothing done.
    const steps = page.getByRole('region', { name: 'Get started' });
    await steps.getByText('0 of 4 done').waitFor();
    await expectAccessible(page);
    await keepScreenshot(page, 'first-hour-dashboard.png');
    await steps.getByRole('link', { name: 'Add your first customer' }).click();

    const review = await addDemoCustomer(page);
    await expectAccessible(page);
    await keepScreenshot(page, 'first-hour-review.png');
    await review.getByRole('button', { name: 'Save brand kit' }).click();
    await page.waitForURL(/\/projects\/[A-Za-z0-9_-]+\/$/);
    const projectId = new URL(page.url()).pathname.split('/')[2]!;
    const project = await api<Project>(`/api/projects/${projectId}`);
    expect(project.brandKit.logoMediaId).not.toBeNull();
    expect(project.brandKit.colors).toEqual(expect.arrayContaining(['#3b2416', '#c8553d']));
    expect([project.brandKit.headingFont, project.brandKit.bodyFont]).toEqual(['playfair-display', 'lato']);
    expect(project.brandKit.tone).toContain('Small-batch coffee');

    // A creative from a template: named after its headline, and following it until renamed.
    await page.goto(`/projects/${projectId}/creatives`);
    await page.getByRole('button', { name: 'New creative' }).first().click();
    const picker = page.getByRole('dialog', { name: 'New creative' });
    await picker.getByText('Bold headline', { exact: true }).click();
    await picker.getByRole('button', { name: 'Create creative' }).click();
    await page.waitForURL(/\/creatives\/[A-Za-z0-9_-]+$/);
    const creativeId = new URL(page.url()).pathname.split('/')[2]!;
    const made = await api<Creative>(`/api/creatives/${creativeId}`);
    const headline = made.document.layers.find((l) => l.type === 'text' && l.slot === 'headline')?.text;
    expect(headline).toBeTruthy();
    expect(made.name).toBe(headline!.split('\n')[0]);
    expect(await page.getByLabel('Creative name').inputValue()).toBe(made.name);
    await page.locator('[data-layer="headline"]').click();
    await page.getByLabel('Text', { exact: true }).fill('Roasted this morning');
    await expect.poll(() => page.getByLabel('Creative name').inputValue(), { timeout: 20_000 }).toBe('Roasted this morning');
    await keepScreenshot(page, 'first-hour-creative.png');

    // Ask for approval: an ad from the creative, submitted for review.
    await page.getByRole('link', { name: 'Use in an ad' }).click();
    await page.waitForURL(`**/projects/${projectId}/marketing?creative=${creativeId}`);
    const newAd = page.getByRole('dialog', { name: 'New ad' });
    await newAd.getByLabel('Name').fill('Morning roast');
    await newAd.getByRole('button', { name: /^Create ad/ }).click();
    const editor = page.getByRole('dialog', { name: 'Morning roast' });
    await editor.waitFor({ timeout: 30_000 });
    await editor.getByRole('button', { name: 'Submit for review' }).click();
    await editor.getByText('In review', { exact: true }).first().waitFor();

    // Back on the dashboard, the brand kit and the creative are ticked.
    await page.goto('/dashboard');
    await steps.getByText('2 of 4 done').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a phone: the checklist, the brand-kit review, and a sample project in one click', async () => {
    const { context, page, errors } = await signUpInBrowser(browser, uniqueEmail('first-hour-phone'));
    await page.setViewportSize({ width: 390, height: 844 });
    context.setDefaultTimeout(15_000);
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);

    const steps = page.getByRole('region', { name: 'Get started' });
    await steps.getByText('0 of 4 done').waitFor();
    expect(await width()).toBeLessThanOrEqual(390);
    await keepScreenshot(page, 'first-hour-dashboard-390.png', { fullPage: true });

    await page.goto('/projects?new=1');
    const review = await addDemoCustomer(page);
    expect(await width()).toBeLessThanOrEqual(390);
    expect((await review.boundingBox())!.width).toBeLessThanOrEqual(390);
    await keepScreenshot(page, 'first-hour-review-390.png');
    await review.getByRole('button', { name: 'Skip' }).click();
    await page.waitForURL(/\/projects\/[A-Za-z0-9_-]+\/$/);

    // Someone without a customer yet: a sample project, from the checklist, in one click.
    const fresh = await signUpInBrowser(browser, uniqueEmail('first-hour-sample'));
    await fresh.page.setViewportSize({ width: 390, height: 844 });
    await fresh.page.getByRole('button', { name: 'Start with a sample project' }).click();
    await fresh.page.waitForURL(/\/projects\/[A-Za-z0-9_-]+\/$/, { timeout: 30_000 });
    await fresh.page.getByRole('heading', { name: 'Sample: Northwind Coffee' }).first().waitFor();
    expect(await fresh.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect([...errors, ...fresh.errors]).toEqual([]);
    await fresh.context.close();
    await context.close();
  });
});
