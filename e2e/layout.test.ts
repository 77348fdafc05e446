import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityViolations, hydrated, launch, newPage, signUp, uniqueEmail, keepScreenshot, SCREENSHOT_DIR } from './browser.ts';
import { noisePng } from './images.ts';
import { blockSamples } from '#common/schemas/blocks-defaults.ts';
import { BLOCK_TYPES, type Block, type PageDocument } from '#common/schemas/blocks.ts';
import { finishedDocument } from '#common/test/ready-page.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

interface Screen {
  name: string;
  path: string;
  /** What shows that the screen has its content (data loaded, not a skeleton). */
  ready: (page: Page) => Promise<unknown>;
  /** The status the page answers when it is not 200: `/error` is the 500 it describes. */
  status?: number;
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { level: 1, name }).first().waitFor();

/** A real user's uploads: long names without spaces (cameras), long ones with spaces, and tags. */
const FILES = [
  'DSC04521-sunset-surf-session-at-la-grande-plage-biarritz-golden-hour-final-edit-v3.png',
  'Team photo at the summer opening of the new surf school on the beach, 2026 (retouched).png',
  'IMG_20260614_183212_HDR_PORTRAIT_MODE_BOKEH_EFFECT_FULL_RESOLUTION_EXPORT.png',
  'wetsuits.png',
  'logo-acme-surf-school-horizontal-colour-on-white-background-transparent.png',
];

async function api<T>(page: Page, path: string, init: { method?: string; json?: unknown } = {}): Promise<T> {
  return page.evaluate(
    async ({ path, init }) => {
      const response = await fetch(path, {
        method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
        headers: init.json === undefined ? {} : { 'content-type': 'application/json' },
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
      });
      if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} → ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    { path, init },
  );
}

/** How wide the page is (more than the viewport = horizontal scrolling), and the innermost elements that stick out. */
async function overflow(page: Page): Promise<{ width: number; culprits: string[] }> {
  return page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    const sticksOut = (element: Element) => element.getBoundingClientRect().right > limit + 0.5;
    // Content clipped by an ancestor (overflow hidden or auto) does not widen the page.
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible') return true;
      }
      return false;
    };
    const describe = (element: Element) => {
      const classes = String(element.getAttribute('class') ?? '')
        .split(/\s+/)
        .filter(Boolean)
        .slice(0, 5)
        .join('.');
      const text = (element.textContent ?? '').trim().slice(0, 30);
      return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''}${text ? ` “${text}”` : ''}`;
    };
    const culprits = [...document.querySelectorAll('body *')]
      .filter((element) => element.getClientRects().length > 0 && sticksOut(element) && !clipped(element))
      .filter((element) => ![...element.children].some((child) => sticksOut(child) && !clipped(child)))
      .slice(0, 6)
      .map(describe);
    return { width: document.documentElement.scrollWidth, culprits };
  });
}

describe('every main screen on a phone (390 × 844)', () => {
  it('scrolls only vertically, and has no serious accessibility problems', async () => {
    // A Pro user (after an upgrade) with a project full of real-looking uploads, tags and a creative.
    const { context: setupContext, page: setup } = await signUp(browser, uniqueEmail('phone'), undefined, 'Maximiliane Oberhuber-Castellanos');
    const project = await api<{ id: string }>(setup, '/api/projects', {
      json: {
        name: 'Acme Surf School Biarritz – summer campaign 2026',
        description: 'Lessons, rentals and the summer camp',
        website: 'https://acmesurf.example',
      },
    });
    await setup.goto(`/projects/${project.id}/`);
    await setup
      .locator('input[type=file]')
      .setInputFiles(FILES.map((name, i) => ({ name, mimeType: 'image/png', buffer: noisePng(640 - i * 40, 420 + i * 30) })));
    for (const name of FILES) await setup.getByRole('link', { name: new RegExp(name.slice(0, 20).replace(/[()]/g, '.')) }).waitFor({ timeout: 30_000 });
    const media = await api<{ items: { id: string; name: string }[] }>(setup, `/api/projects/${project.id}/media`);
    for (const [i, item] of media.items.entries()) {
      await api(setup, `/api/media/${item.id}`, {
        method: 'PATCH',
        json: { tags: ['summer-campaign-2026', 'beach', i % 2 ? 'instagram-story-vertical' : 'print-flyer-a5', `shot-${i}`] },
      });
    }
    const creative = await api<{ id: string }>(setup, `/api/projects/${project.id}/creatives`, {
      json: { template: 'bold-headline', format: 'square', name: 'Summer camp launch 2026 – Instagram square' },
    });
    // An ad with long copy (rendered from the creative), its preview link, and a sandbox account with a post.
    const ad = await api<{ id: string }>(setup, `/api/projects/${project.id}/ads`, {
      json: {
        creativeId: creative.id,
        name: 'Summer camp launch 2026 – Instagram feed, story, reels and Facebook',
        primaryText: `Surf camp for teenagers all summer long at La Grande Plage: ${'lessons, boards and wetsuits included, '.repeat(8)}#surf #biarritz #summercamp`,
        headline: 'Summer surf camp: early-bird prices until the end of the month',
        destinationUrl: 'https://acme-surf-school.example/summer-camp-2026-teenagers-early-bird-offer?utm_source=instagram',
        placements: ['instagram_feed', 'instagram_story', 'instagram_reels', 'facebook_feed'],
      },
    });
    const preview = await api<{ previewUrl: string }>(setup, `/api/ads/${ad.id}/preview-link`, { json: {} });
    const sandbox = await api<{ account: { id: string } }>(setup, `/api/projects/${project.id}/instagram/sandbox`, { json: {} });
    const checkout = await api<{ url: string }>(setup, '/api/billing/checkout', { json: { kind: 'plan', id: 'pro' } });
    await setup.goto(checkout.url);
    await setup.getByRole('button', { name: /^Pay / }).click();
    await setup.waitForURL('**/account/billing*');
    // A funnel with a long title, a custom domain, a published page with every block type
    // (their sample props), a variant B and a lead.
    const funnelName = `acme-surf-${Date.now().toString(36)}`;
    const funnel = await api<{ id: string }>(setup, `/api/projects/${project.id}/funnels`, {
      json: { name: funnelName, title: 'Summer camp 2026 – early-bird landing pages for teenagers and parents' },
    });
    await api(setup, `/api/funnels/${funnel.id}`, { method: 'PATCH', json: { customDomain: `surf-${Date.now().toString(36)}.acme-surf-school.example` } });
    const funnelPage = await api<{ id: string; revision: number; draft: { blocks: unknown[]; seo: unknown } }>(setup, `/api/funnels/${funnel.id}/pages`, {
      json: { title: 'Early-bird offer for the whole summer camp season', slug: 'early-bird-summer-camp-offer' },
    });
    // The samples made the surf school's own (the checks before publishing refuse sample copy), the image block with a picture.
    const samples = BLOCK_TYPES.map((type) => ({ id: `b-${type}`, type, props: blockSamples[type] }) as Block);
    const picture = { mediaId: media.items[0]!.id, alt: 'Surfers at dawn' };
    const withPicture = samples.map((b) => (b.type === 'image' ? { ...b, props: { ...b.props, image: picture } } : b));
    const { document: everyBlock, warnings } = finishedDocument({ ...(funnelPage.draft as PageDocument), blocks: withPicture }, 'Acme Surf');
    const saved = await api<{ revision: number }>(setup, `/api/pages/${funnelPage.id}`, {
      method: 'PATCH',
      json: { baseRevision: funnelPage.revision, document: everyBlock, documentB: everyBlock, splitB: 30 },
    });
    const acceptWarnings = [...warnings, ...warnings.map((key) => key.replace(/^a:/, 'b:'))];
    await api(setup, `/api/pages/${funnelPage.id}/publish`, { json: { baseRevision: saved.revision, acceptWarnings } });
    const cookies = await setupContext.cookies();
    await setupContext.close();
    const photo = media.items.find((item) => item.name.startsWith('DSC04521'))!;

    const publicScreens: Screen[] = [
      { name: 'home', path: '/', ready: (page) => page.locator('main').waitFor() },
      { name: 'pricing', path: '/pricing', ready: heading(/./) },
      { name: 'about', path: '/about', ready: heading(/./) },
      { name: 'contact', path: '/contact', ready: heading(/./) },
      { name: 'login', path: '/login', ready: (page) => page.getByLabel('Email').waitFor() },
      { name: 'password reset', path: '/password-reset', ready: (page) => page.getByLabel('Email').waitFor() },
      { name: 'imprint', path: '/imprint', ready: heading(/./) },
      { name: 'privacy', path: '/privacy', ready: heading(/./) },
      { name: 'terms', path: '/terms', ready: heading(/./) },
      { name: 'tech provider', path: '/tech-provider', ready: heading(/./) },
      { name: 'playground', path: '/playground', ready: heading(/./) },
      // The API reference, signed out, in both languages: its code blocks stay inside the phone.
      { name: 'api docs', path: '/docs/api', ready: heading(/./) },
      { name: 'api docs de', path: '/de/docs/api', ready: heading(/./) },
      { name: 'error', path: '/error', ready: heading('Something went wrong'), status: 500 },
      { name: '404', path: '/no-such-page', ready: heading('Page not found'), status: 404 },
      { name: 'ad preview', path: new URL(preview.previewUrl).pathname, ready: (page) => page.getByRole('article', { name: 'Facebook feed post' }).waitFor() },
      { name: 'sandbox feed', path: `/instagram/sandbox/${sandbox.account.id}`, ready: heading(/./) },
      { name: 'funnel page', path: `/p/${funnelName}/early-bird-summer-camp-offer`, ready: heading(/./) },
      { name: 'funnel 404', path: `/p/${funnelName}/no-such-page`, ready: heading(/./), status: 404 },
    ];
    const workspaceScreens: Screen[] = [
      { name: 'dashboard', path: '/dashboard', ready: (page) => page.getByText(/of \d+ active projects|Unlimited active projects/).waitFor() },
      { name: 'projects', path: '/projects', ready: (page) => page.getByRole('link', { name: /Acme Surf School/ }).waitFor() },
      { name: 'project', path: `/projects/${project.id}/`, ready: (page) => page.getByRole('link', { name: /DSC04521/ }).waitFor() },
      {
        name: 'project, filtered',
        path: `/projects/${project.id}/?tag=summer-campaign-2026&type=image&q=surf`,
        ready: (page) => page.getByRole('link', { name: /DSC04521/ }).waitFor(),
      },
      {
        name: 'project media modal',
        path: `/projects/${project.id}/media/${photo.id}`,
        ready: (page) => page.getByRole('dialog').getByLabel('Alt text').waitFor(),
      },
      {
        name: 'project creatives',
        path: `/projects/${project.id}/creatives`,
        ready: (page) =>
          page
            .getByRole('link', { name: /Summer camp launch/ })
            .first()
            .waitFor(),
      },
      {
        name: 'project marketing',
        path: `/projects/${project.id}/marketing`,
        ready: (page) => page.getByText(/Summer camp launch 2026 – Instagram feed/).waitFor(),
      },
      {
        name: 'ad editor',
        path: `/projects/${project.id}/marketing?ad=${ad.id}`,
        ready: (page) => page.getByRole('dialog').getByLabel('Primary text').waitFor(),
      },
      { name: 'media page', path: `/media/${photo.id}`, ready: (page) => page.getByLabel('Alt text').waitFor() },
      {
        name: 'creatives',
        path: '/creatives',
        ready: (page) =>
          page
            .getByRole('link', { name: /Summer camp launch/ })
            .first()
            .waitFor(),
      },
      { name: 'creative editor', path: `/creatives/${creative.id}`, ready: (page) => page.getByLabel('Creative name').waitFor() },
      { name: 'creations', path: '/creations', ready: heading('Creations') },
      { name: 'funnels', path: '/funnels', ready: heading(/Funnels/) },
      {
        name: 'pages',
        path: '/pages',
        ready: (page) =>
          page
            .getByText(/Early-bird offer/)
            .first()
            .waitFor(),
      },
      {
        name: 'funnel',
        path: `/funnels/${funnel.id}`,
        ready: (page) =>
          page
            .getByText(/Early-bird offer/)
            .first()
            .waitFor(),
      },
      { name: 'funnel analytics', path: `/funnels/${funnel.id}?tab=analytics`, ready: (page) => page.getByText('Views per day').first().waitFor() },
      { name: 'funnel leads', path: `/funnels/${funnel.id}?tab=leads`, ready: heading(/./) },
      { name: 'funnel settings', path: `/funnels/${funnel.id}?tab=settings`, ready: (page) => page.getByLabel('Heading font').waitFor() },
      { name: 'page editor', path: `/pages/${funnelPage.id}`, ready: (page) => page.getByRole('list', { name: 'Blocks of the page' }).waitFor() },
      { name: 'component sheet', path: `/_components/${funnelName}`, ready: heading(/./) },
      { name: 'account', path: '/account', ready: (page) => page.getByLabel('Name', { exact: true }).waitFor() },
      { name: 'billing', path: '/account/billing', ready: (page) => page.getByText(/Renews on/).waitFor() },
      { name: 'credits', path: '/account/credits', ready: (page) => page.getByRole('table').waitFor() },
      { name: 'affiliate', path: '/account/affiliate', ready: heading(/Affiliate/) },
    ];

    const tooWide: string[] = [];
    const inaccessible: string[] = [];
    const visit = async (screens: Screen[], signedIn: boolean) => {
      const { context, page, errors } = await newPage(browser, { viewport: PHONE });
      if (signedIn) await context.addCookies(cookies);
      for (const screen of screens) {
        const response = await page.goto(screen.path);
        expect(response?.status(), screen.path).toBe(screen.status ?? 200);
        await screen.ready(page);
        // The browser reports the status it was told to expect as a failed resource: not an error here.
        if (screen.status)
          errors.splice(
            0,
            errors.length,
            ...errors.filter((e) => !e.includes(`status of ${screen.status}`) && !e.includes(`${screen.status}: GET ${screen.path}`)),
          );
        if (await page.locator('[data-island]').count()) await hydrated(page);
        const { width, culprits } = await overflow(page);
        if (width > PHONE.width) tooWide.push(`${screen.name} (${screen.path}) is ${width} px wide: ${culprits.join(', ')}`);
        const violations = await accessibilityViolations(page);
        if (violations.length) inaccessible.push(`${screen.name}: ${violations.join('; ')}`);
        // Every screen at both sizes, for a person to look at.
        if (SCREENSHOT_DIR) {
          const file = screen.name.replace(/[^a-z0-9]+/gi, '-');
          await keepScreenshot(page, `${file}-390.png`, { fullPage: true });
          await page.setViewportSize(DESKTOP);
          await keepScreenshot(page, `${file}-1280.png`, { fullPage: true });
          await page.setViewportSize(PHONE);
        }
      }
      expect(errors, 'errors in the browser console').toEqual([]);
      await context.close();
    };
    await visit(publicScreens, false);
    await visit(workspaceScreens, true);
    expect(tooWide, 'screens wider than the 390 px phone').toEqual([]);
    expect(inaccessible, 'screens with serious or critical axe violations').toEqual([]);
  });
});
