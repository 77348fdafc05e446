import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_USERS, SEED_PRESENTATION_PASSWORD, SEED_PRESENTATIONS } from '../scripts/seed.mjs';
import { expectAccessible, launch, newPage, queryD1, keepScreenshot } from './browser.ts';

/**
 * The public side of presentations (issue 13): the seeded ones opened signed out on a phone and
 * a desktop, a password-protected one unlocked, an expired one, a link-preview bot's card, the
 * author's components gallery. Screenshots go to .wrangler/screenshots (looked at by a person).
 */
let browser: Browser;
/**
 * A second browser whose own user agent is a phone's: a beacon sent while the page unloads goes
 * out with the browser's agent, not the context's override (HeadlessChrome: a bot, not counted).
 */
let phoneBrowser: Browser;
beforeAll(async () => {
  browser = await launch();
  phoneBrowser = await chromium.launch({
    executablePath: inject('chromium'),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run', `--user-agent=${PHONE_UA}`],
  });
});
afterAll(async () => {
  await browser?.close();
  await phoneBrowser?.close();
});

/** Headless Chromium says so in its user agent (a bot: not counted, served the neutral card): visitors present themselves as phones and desktops. */
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE = { width: 390, height: 844 };
/** Loads the lazy pictures too (a full-page screenshot does not scroll) and waits until every picture is drawn. */
async function allPicturesLoaded(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const img of document.querySelectorAll('img[loading="lazy"]')) (img as HTMLImageElement).loading = 'eager';
  });
  await expect.poll(() => page.evaluate(() => [...document.images].every((img) => img.complete && img.naturalWidth > 0)), { timeout: 10_000 }).toBe(true);
}

const [NORTHWIND, , , , PRIVATE, EXPIRED] = SEED_PRESENTATIONS as [string, string, string, string, string, string];

describe('presentations in the browser', () => {
  it(
    'a seeded presentation opens signed out on a phone: its work, the affiliate link, no overflow, accessible; its beacon reports the visit',
    { timeout: 90_000 },
    async () => {
      const { context, page, errors } = await newPage(phoneBrowser, { viewport: PHONE, userAgent: PHONE_UA });
      const response = await page.goto(`/presents/${NORTHWIND}`);
      expect(response?.status()).toBe(200);
      await expect.poll(() => page.locator('h1').textContent()).toBe('A spring that smells of fresh coffee');
      await expect.poll(() => page.getByText('Prepared for Northwind Coffee', { exact: true }).count()).toBe(1);
      // The seeded creatives and the ads' pictures load (gated like the page, served from R2).
      await page.locator('#creatives img').first().scrollIntoViewIfNeeded();
      await expect
        .poll(() =>
          page.locator('#creatives img, #ads article img').evaluateAll((imgs) => imgs.filter((img) => (img as HTMLImageElement).naturalWidth > 0).length),
        )
        .toBeGreaterThanOrEqual(3);
      // The live funnel page and the affiliate code of the author on the call to action.
      expect(
        await page
          .getByRole('link', { name: /Open the live page/ })
          .first()
          .getAttribute('href'),
      ).toBe('/p/northwind-spring/offer');
      const admin = DEMO_USERS.find((u) => u.role === 'admin')!;
      expect(await page.locator('#cta a').getAttribute('href')).toBe(`https://cal.example.com/alex/northwind?ref=${admin.affiliateCode}`);
      // Nothing wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      // The only script is the beacon (inline, allowed by its hash: no CSP error in the console).
      expect(await page.locator('script[src]').count()).toBe(0);
      await expectAccessible(page);
      await allPicturesLoaded(page);
      await keepScreenshot(page, 'presentation-phone.png', { fullPage: true });

      // Scroll to the end (sections reached), then leave: the beacon reports seconds and sections.
      await page.locator('#cta').scrollIntoViewIfNeeded();
      // The beacon learns of the section from an IntersectionObserver, a frame or more later: an
      // observer of our own, created after the beacon's, is told in the same round, after it.
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            const seen = new IntersectionObserver(
              (entries) => {
                if (!entries.some((entry) => entry.isIntersecting)) return;
                seen.disconnect();
                resolve();
              },
              { rootMargin: '0px 0px -35% 0px' },
            );
            seen.observe(document.querySelector('#cta')!);
          }),
      );
      const before = queryD1<{ n: number }>("SELECT count(*) AS n FROM presentation_views WHERE presentation_id = 'seed_presentation_northwind_01'")[0]!.n;
      await page.goto('/about');
      await expect
        .poll(() => queryD1<{ n: number }>("SELECT count(*) AS n FROM presentation_views WHERE presentation_id = 'seed_presentation_northwind_01'")[0]!.n, {
          timeout: 10_000,
        })
        .toBeGreaterThan(before);
      const last = queryD1<{ sections: string }>(
        "SELECT sections FROM presentation_views WHERE presentation_id = 'seed_presentation_northwind_01' ORDER BY rowid DESC LIMIT 1",
      )[0]!;
      expect(JSON.parse(last.sections)).toEqual(expect.arrayContaining(['hero', 'cta']));
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('looks right on a desktop', { timeout: 60_000 }, async () => {
    const { context, page, errors } = await newPage(browser, { userAgent: DESKTOP_UA });
    await page.goto(`/presents/${NORTHWIND}`);
    await expectAccessible(page);
    await allPicturesLoaded(page);
    await keepScreenshot(page, 'presentation-desktop.png', { fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a password-protected presentation: the form (a wrong password says so), then the page', { timeout: 60_000 }, async () => {
    const { context, page, errors } = await newPage(browser, { viewport: PHONE, userAgent: PHONE_UA });
    await page.goto(`/presents/${PRIVATE}`);
    await expect.poll(() => page.locator('h1').textContent()).toBe('This presentation is protected');
    expect(await page.content()).not.toContain('Copperpot');
    await expectAccessible(page);
    await keepScreenshot(page, 'presentation-password-phone.png', { fullPage: true });
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Open the presentation' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('That password is not right');
    await page.getByLabel('Password').fill(SEED_PRESENTATION_PASSWORD);
    await page.getByRole('button', { name: 'Open the presentation' }).click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Private dining, fully booked by December');
    expect(new URL(page.url()).pathname).toBe(`/presents/${PRIVATE}`);
    // The cookie keeps it open.
    await page.reload();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Private dining, fully booked by December');
    await keepScreenshot(page, 'presentation-unlocked-phone.png', { fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an expired presentation says so; a link-preview bot gets the neutral card', { timeout: 60_000 }, async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE, userAgent: PHONE_UA });
    const expired = await page.goto(`/presents/${EXPIRED}`);
    expect(expired?.status()).toBe(410);
    await expect.poll(() => page.locator('h1').textContent()).toBe('This presentation has expired');
    await expectAccessible(page);
    await context.close();
    const bot = await newPage(browser, { userAgent: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' });
    await bot.page.goto(`/presents/${NORTHWIND}`);
    await expect.poll(() => bot.page.locator('h1').textContent()).toBe('A presentation for Northwind Coffee');
    expect(await bot.page.content()).not.toContain('Dear Mara');
    const image = await bot.page.locator('meta[property="og:image"]').getAttribute('content');
    const png = await bot.page.request.get(image!);
    expect(png.headers()['content-type']).toBe('image/png');
    await bot.context.close();
  });

  it('the components gallery: every section type for the admin; a 404 for a signed-in stranger', { timeout: 60_000 }, async () => {
    const admin = DEMO_USERS.find((u) => u.role === 'admin')!;
    const { context, page, errors } = await newPage(browser, { userAgent: DESKTOP_UA });
    await page.goto('/about');
    const login = await page.evaluate(
      async ({ email, password }) =>
        (await fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })).status,
      { email: admin.email, password: admin.password },
    );
    expect(login).toBe(200);
    await page.goto(`/presents/${NORTHWIND}/components`);
    for (const label of ['Hero', 'Personal intro', 'Creatives', 'Ad previews', 'Funnel pages', 'Pricing offer', 'Testimonials', 'Call to action']) {
      expect(await page.getByText(label, { exact: true }).count(), label).toBeGreaterThan(0);
    }
    await allPicturesLoaded(page);
    await keepScreenshot(page, 'presentation-components.png', { fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
    const demo = DEMO_USERS.find((u) => u.role === 'user')!;
    const stranger = await newPage(browser, { userAgent: DESKTOP_UA });
    await stranger.page.goto('/about');
    await stranger.page.evaluate(
      async ({ email, password }) =>
        fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) }),
      { email: demo.email, password: demo.password },
    );
    const response = await stranger.page.goto(`/presents/${NORTHWIND}/components`);
    expect(response?.status()).toBe(404);
    await stranger.context.close();
  });
});
