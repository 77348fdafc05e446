import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_USERS } from '../scripts/seed.mjs';
import { SCREENSHOT_DIR, expectAccessible, keepScreenshot, launch, newPage, postJson, queryD1 } from './browser.ts';

/**
 * Presentations that talk back (issue 32 point 6, decision 0056) in a browser: a visitor of an
 * expired presentation asks its author for access; the author gives it in one click from the
 * email (a confirm page first: opening the link does nothing); the visitor's own link opens the
 * presentation and the visit, with its sections, shows on the author's timeline; the page
 * printed. Screenshots (and the PDF) go to SCREENSHOT_DIR for a person to look at.
 */
let browser: Browser;
/** Its own user agent is a phone's: the beacon sent while the page unloads goes with the browser's agent (HeadlessChrome is a bot). */
let phoneBrowser: Browser;
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

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

const admin = DEMO_USERS.find((u) => u.role === 'admin')!;

async function signInAsAdmin(page: Page) {
  await page.goto('/');
  const status = await page.evaluate(
    async ({ email, password }) =>
      (await fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })).status,
    { email: admin.email, password: admin.password },
  );
  expect(status).toBe(200);
}

async function patch(page: Page, path: string, body: unknown): Promise<{ revision: number }> {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`PATCH ${path} → ${response.status} ${await response.text()}`);
      return (await response.json()) as { revision: number };
    },
    { path, body },
  );
}

const bodyOfLast = (to: string, kind: string) =>
  queryD1<{ text_body: string }>(`SELECT text_body FROM email_outbox WHERE to_address = '${to}' AND kind = '${kind}' ORDER BY created_at DESC LIMIT 1`)[0]
    ?.text_body ?? '';

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('presentations that talk back', () => {
  it(
    'a visitor asks for access, the author gives it in one click, the visitor’s own link shows on the timeline; the page prints cleanly',
    { timeout: 150_000 },
    async () => {
      const author = await newPage(browser, { viewport: DESKTOP });
      author.context.setDefaultTimeout(15_000);
      await signInAsAdmin(author.page);
      const slug = `e2e-talk-${Date.now().toString(36)}`;
      const customer = `Talkative Bakery ${Date.now().toString(36)}`;
      const created = await postJson<{ id: string; revision: number }>(author.page, '/api/presentations', { slug, customerName: customer });
      // Its call to action is "I'm interested" (a form that must not print).
      const detail = await author.page.evaluate(
        async (path) => (await (await fetch(path)).json()) as { document: { sections: { type: string; props: Record<string, unknown> }[] } },
        `/api/presentations/${created.id}`,
      );
      for (const section of detail.document.sections) if (section.type === 'cta') section.props = { ...section.props, action: 'interest', href: '' };
      await patch(author.page, `/api/presentations/${created.id}`, {
        baseRevision: created.revision,
        expiresAt: '2020-01-01T00:00:00.000Z',
        document: detail.document,
      });
      await postJson(author.page, `/api/presentations/${created.id}/publish`, {});

      // The visitor, on a phone: the expired page with the form.
      const visitor = await newPage(phoneBrowser, { viewport: PHONE, userAgent: PHONE_UA });
      const expired = await visitor.page.goto(`/presents/${slug}`);
      expect(expired?.status()).toBe(410);
      await visitor.page.getByText(/^Ask .+ for access$/).click();
      await visitor.page.getByLabel('Your name').fill('Vera Visitor');
      await visitor.page.getByLabel('Your email').fill('vera@customer.example');
      await visitor.page.getByLabel('Message (optional)').fill('We would like to look at the offer again before Friday.');
      expect(await pageWidth(visitor.page)).toBeLessThanOrEqual(PHONE.width);
      await expectAccessible(visitor.page);
      await keepScreenshot(visitor.page, 'talk-ask-390.png', { fullPage: true });
      await visitor.page.getByRole('button', { name: /^Send to / }).click();
      await visitor.page.getByRole('heading', { name: /^We told / }).waitFor();
      await keepScreenshot(visitor.page, 'talk-asked-390.png');

      // The author's email: the one-click link opens a confirm page (a scanner's GET changes nothing), its button acts.
      const grant = /https?:\/\/\S+\/grant\?t=\S+/.exec(bodyOfLast(admin.email, 'presentation_access_requested'))![0];
      await author.page.goto(new URL(grant).pathname + new URL(grant).search);
      await author.page.getByRole('heading', { name: 'Give Vera Visitor access?' }).waitFor();
      await expectAccessible(author.page);
      await keepScreenshot(author.page, 'talk-grant-confirm-1280.png');
      expect(queryD1<{ n: number }>(`SELECT count(*) AS n FROM presentation_recipients WHERE presentation_id = '${created.id}'`)[0]!.n).toBe(0);
      await author.page.getByRole('button', { name: 'Give Vera Visitor access' }).click();
      await author.page.getByRole('heading', { name: 'Vera Visitor has access' }).waitFor();

      // The visitor's own link (emailed to them): the presentation, read to the end, then left.
      const own = /https?:\/\/\S+\?r=\S+/.exec(bodyOfLast('vera@customer.example', 'presentation_access_granted'))![0];
      const opened = await visitor.page.goto(new URL(own).pathname + new URL(own).search);
      expect(opened?.status()).toBe(200);
      await visitor.page.locator('#cta').scrollIntoViewIfNeeded();
      await visitor.page.waitForTimeout(2_500);
      await visitor.page.goto('/about');
      await expect
        .poll(() => queryD1<{ seconds: number }>(`SELECT seconds FROM presentation_visits WHERE presentation_id = '${created.id}'`)[0]?.seconds ?? -1, {
          timeout: 10_000,
        })
        .toBeGreaterThan(0);

      // The author's timeline: the visit, Vera's, with its sections; the request answered.
      await author.page.goto('/admin/landing-pages');
      await author.page.getByRole('button', { name: `Statistics of ${customer}` }).click();
      const dialog = author.page.getByRole('dialog', { name: `Statistics: ${customer}` });
      const visits = dialog.getByRole('region', { name: 'Visits' });
      await visits.getByText('Vera Visitor').waitFor();
      await dialog.getByText(/^Access given/).waitFor();
      await expectAccessible(author.page);
      await dialog.getByRole('region', { name: 'Personal links' }).scrollIntoViewIfNeeded();
      await keepScreenshot(author.page, 'talk-timeline-1280.png');
      await author.page.setViewportSize(PHONE);
      await visits.scrollIntoViewIfNeeded();
      expect(await pageWidth(author.page)).toBeLessThanOrEqual(PHONE.width);
      await keepScreenshot(author.page, 'talk-timeline-390.png');

      // Printed: no form, no banner; a PDF for a person to look at.
      const reader = await newPage(browser, { viewport: DESKTOP, userAgent: DESKTOP_UA });
      // A reader with their own link to a presentation with an "I'm interested" call to action.
      await reader.page.goto(new URL(own).pathname + new URL(own).search);
      await reader.page.emulateMedia({ media: 'print' });
      expect(await reader.page.locator('form[data-interest]').count()).toBe(1);
      expect(await reader.page.locator('form[data-interest]').evaluateAll((forms) => forms.every((f) => getComputedStyle(f).display === 'none'))).toBe(true);
      await keepScreenshot(reader.page, 'talk-print-1280.png', { fullPage: true });
      if (SCREENSHOT_DIR) {
        mkdirSync(SCREENSHOT_DIR, { recursive: true });
        writeFileSync(join(SCREENSHOT_DIR, 'talk-print.pdf'), await reader.page.pdf({ format: 'A4', printBackground: true }));
      }
      // The expired page answers 410, as it should: the console names that status.
      expect([...author.errors, ...visitor.errors, ...reader.errors].filter((e) => !/status of 410/.test(e))).toEqual([]);
      await Promise.all([author.context.close(), visitor.context.close(), reader.context.close()]);
    },
  );
});
