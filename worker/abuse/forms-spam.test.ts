import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdDetail } from '#common/schemas/ads.ts';
import { adReviews, emailOutbox } from '#worker/db/schema.ts';
import { createCreative, db, json, setCredits, team } from '#worker/test/creatives.ts';
import type { TestUser } from '#worker/test/factories.ts';
import { ORIGIN, send } from '#worker/test/http.ts';

/**
 * Spam through the public forms (issue 15 point 5). Funnel lead forms are covered beside the
 * feature (worker/features/funnels/leads/edge-leads.test.ts: honeypot, 10 per network per funnel in 10
 * minutes, bursts, IPv6 /64) and the contact form in worker/features/contact/contact.test.ts.
 * Here: the ad preview's review form, which had a per-address limit without a test, counted a
 * client by its single IPv6 address (a /64 gave unlimited reviews). Not limited (a finding in
 * plan-15.md): a script spread over many networks can still email the members through one link.
 */
let t: Awaited<ReturnType<typeof team>>;
let previewId: string;

async function newPreview(owner: TestUser, projectId: string): Promise<string> {
  const creative = await createCreative(owner, projectId);
  const response = await send(`/api/projects/${projectId}/ads`, {
    json: {
      creativeId: creative.id,
      name: 'Spam target',
      primaryText: 'Hello',
      headline: 'Hi',
      cta: 'shop_now',
      destinationUrl: 'https://northwind.example/',
      placements: ['instagram_feed'],
    },
    cookie: owner.cookie,
  });
  expect(response.status).toBe(201);
  const ad = await json<AdDetail>(response);
  const link = await send(`/api/ads/${ad.id}/preview-link`, { method: 'POST', cookie: owner.cookie });
  const { previewUrl } = await json<{ previewUrl: string }>(link);
  return new URL(previewUrl).pathname.split('/').pop()!;
}

function review(id: string, ip: string, fields: Record<string, string> = {}) {
  return send(`/preview/${id}/reviews`, {
    method: 'POST',
    body: new URLSearchParams({ decision: 'comment', name: 'Spammer', comment: 'Cheap pills at spam.example', ...fields }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN, accept: 'text/html', 'cf-connecting-ip': ip },
  });
}

/** Reviews stored (this file's storage is its own, so every review counted is one of ours). */
async function reviewCount(): Promise<number> {
  return (await db().select({ id: adReviews.id }).from(adReviews).all()).length;
}

beforeAll(async () => {
  t = await team();
  await setCredits(t.owner, 50);
  previewId = await newPreview(t.owner, t.project.id);
});

describe('preview review spam', () => {
  it('20 reviews per network and hour, then 429 on the page with Retry-After; an IPv6 client stepping through its /64 is one network', async () => {
    const before = await reviewCount();
    for (let i = 1; i <= 20; i += 1) expect((await review(previewId, `2001:db8:5ba3:1:${i.toString(16)}::9`)).status).toBe(303);
    const refused = await review(previewId, '2001:db8:5ba3:1:ffff::9');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('content-type')).toMatch(/text\/html/);
    expect(await refused.text()).toContain('Too many attempts');
    expect(await reviewCount()).toBe(before + 20);
    // Another network may still review.
    expect((await review(previewId, '2001:db8:5ba3:2::9')).status).toBe(303);
  });

  it('a filled honeypot is answered like a success, stores nothing and emails nobody, however often', async () => {
    const before = await reviewCount();
    const mails = (await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, t.owner.email)).all()).length;
    for (let i = 0; i < 30; i += 1) expect((await review(previewId, `198.51.100.${i + 1}`, { website: 'https://spam.example' })).status).toBe(303);
    expect(await reviewCount()).toBe(before);
    expect((await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, t.owner.email)).all()).length).toBe(mails);
  });
});
