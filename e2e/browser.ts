import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { queryLocalD1 } from './d1.ts';

export const baseURL = inject('baseURL');

let visitors = 0;
/**
 * An address from the IPv6 documentation range (RFC 3849), another one for every browser
 * context: the test file's name picks a block, so that files (each with its own counter)
 * never share an address on the one server.
 */
function nextVisitorAddress(): string {
  visitors += 1;
  const file = expect.getState().testPath ?? '';
  const block = [...file].reduce((n, ch) => (n * 31 + ch.charCodeAt(0)) >>> 0, 7) % 0xffff;
  return `2001:db8:${block.toString(16)}::${visitors.toString(16)}`;
}

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: inject('chromium'),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

export async function newPage(
  browser: Browser,
  options: { javaScriptEnabled?: boolean; viewport?: { width: number; height: number }; userAgent?: string } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    // Each context is another visitor on another network (wrangler dev passes this header on), so the
    // per-address limits (10 sign-ups an hour, contact messages, reset links) count per test, not per suite.
    extraHTTPHeaders: { 'cf-connecting-ip': nextVisitorAddress() },
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  // The console says a resource failed, not which: the answer names it.
  page.on('response', (response) => {
    if (response.status() >= 500) errors.push(`response ${response.status()}: ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && !/status of (401|404|422)/.test(message.text())) errors.push(`console: ${message.text()}`);
  });
  return { context, page, errors };
}

/** POSTs JSON from the page (with its session cookie) and returns the parsed answer; a refusal throws with its status and body. */
export async function postJson<T>(page: Page, path: string, body: unknown): Promise<T> {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (!response.ok) throw new Error(`POST ${path} → ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    { path, body },
  );
}

/** A JSON request of the signed-in page (same origin: the session's cookie and the CSRF rule as the app's own), any status. */
export async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
    },
    { method, path, body },
  );
}

/** Runs a statement on the e2e server's local D1 database (e.g. to read the email outbox). */
export function queryD1<T>(sql: string): T[] {
  return queryLocalD1<T>(inject('persistDir'), sql);
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The serious and critical accessibility violations axe-core finds in the page, as "rule: targets". */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the page's CSP (rightly) refuses inline scripts.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/** axe-core in the page: no serious or critical accessibility violations (DESIGN.md). */
export async function expectAccessible(page: Page): Promise<void> {
  expect(await accessibilityViolations(page)).toEqual([]);
}

let counter = 0;
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

/**
 * Islands load after the page's load event: wait until the page's islands are live, or (the
 * login links, client/public/islands-start.ts) waiting for their first use, which makes them live.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const islands = [...document.querySelectorAll<HTMLElement>('[data-island]')];
    const atOnce = islands.filter((island) => island.dataset.island !== 'login-link');
    return islands.length > 0 && document.documentElement.dataset.islands === 'ready' && atOnce.every((island) => island.dataset.hydrated === 'true');
  });
}

/** The password signUpInBrowser gives a new user unless told otherwise. */
export const PASSWORD = 'correct horse battery staple';

/**
 * A new signed-in user for a test whose subject is not signing up: the account is made through
 * the API (≈ 0.45 s against ≈ 1.35 s through the form and the dashboard, measured), and the page
 * waits on a light same-origin page (the imprint: no script, a page's CSP) so that `fetch` from
 * it carries the session. The form itself is
 * what accounts.test.ts and first-hour.test.ts test, with signUpInBrowser.
 */
export async function signUp(browser: Browser, email: string, password = PASSWORD, name = 'Erin Endtoend') {
  const { context, page, errors } = await newPage(browser);
  const response = await context.request.post(`${baseURL}/api/auth/signup`, { headers: { origin: baseURL }, data: { name, email, password } });
  if (response.status() !== 201) throw new Error(`sign-up refused: ${response.status()} ${await response.text()}`);
  await page.goto('/imprint');
  return { context, page, errors };
}

/** Signs a new user up through the /login page and waits for the dashboard. */
export async function signUpInBrowser(browser: Browser, email: string, password = PASSWORD, name = 'Erin Endtoend') {
  const { context, page, errors } = await newPage(browser);
  await page.goto('/login?tab=signup');
  await hydrated(page);
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create free account' }).click();
  await page.waitForURL('**/dashboard');
  return { context, page, errors };
}

/**
 * Screenshots for a person to look at (never compared): kept in `SCREENSHOT_DIR` when it is set
 * (`SCREENSHOT_DIR=.wrangler/screenshots npm test -- --project e2e`), not taken otherwise.
 */
export const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR;

/** Keeps a screenshot of the page as `name` in SCREENSHOT_DIR; nothing when it is not set. */
export async function keepScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!SCREENSHOT_DIR) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, name), ...options });
}
