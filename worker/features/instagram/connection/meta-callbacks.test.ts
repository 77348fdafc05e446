import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { dataDeletionRequests, instagramAccounts } from '#worker/db/schema.ts';
import type { Bindings } from '#worker/env.ts';
import { hmacSign } from '#worker/lib/crypto.ts';
import { base64url } from '#worker/lib/ids.ts';
import { tokenFor } from '#worker/features/instagram/connection/service.ts';
import { ORIGIN, send } from '#worker/test/http.ts';
import { accountOf, APP, configured, connectReal, mailsTo, nextIgUserId, ownerWithProject, scopedIdOf } from '#worker/test/instagram-connection.ts';

const db = () => getDb(env.DB);

async function signedRequest(payload: Record<string, unknown>, secret = APP.INSTAGRAM_APP_SECRET) {
  const body = base64url(new TextEncoder().encode(JSON.stringify(payload)));
  return `${await hmacSign(secret, body)}.${body}`;
}

describe("Meta's deauthorize and data-deletion callbacks", () => {
  const payload = (userId: string, algorithm = 'HMAC-SHA256') => ({ algorithm, expires: 1_900_000_000, issued_at: 1_800_000_000, user_id: userId });
  // Meta's servers post without the site's Origin or a session.
  const metaPost = (path: string, form: Record<string, string>, extra: Partial<Bindings> = APP) =>
    send(path, { form, sameOrigin: false, headers: { origin: 'https://www.facebook.com' }, env: extra });

  it('deauthorize with a good signed_request deletes the tokens of every connection of that Instagram user; they show as broken, owners told once', async () => {
    const a = await ownerWithProject();
    const b = await ownerWithProject();
    const other = await ownerWithProject();
    const igUserId = nextIgUserId();
    const rowA = await connectReal(a.owner, a.project.id, igUserId);
    const rowB = await connectReal(b.owner, b.project.id, igUserId);
    const rowOther = await connectReal(other.owner, other.project.id);
    const signed = await signedRequest(payload(igUserId));
    const response = await metaPost('/api/instagram/deauthorize', { signed_request: signed });
    expect(response.status).toBe(200);
    for (const [project, row, owner] of [
      [a.project, rowA, a.owner],
      [b.project, rowB, b.owner],
    ] as const) {
      const after = (await accountOf(project.id))!;
      expect(after).toMatchObject({ status: 'broken', tokenSealed: null, tokenKeyId: null, tokenExpiresAt: null, username: 'northwind.coffee' });
      expect(after.brokenReason).toContain('removed');
      expect(await tokenFor(db(), configured, row.id)).toBeUndefined();
      expect(await mailsTo(owner.email, 'instagram_broken')).toHaveLength(1);
    }
    expect((await accountOf(other.project.id))!).toMatchObject({ status: 'active', tokenSealed: rowOther.tokenSealed });
    // Meta may call again: nothing changes, nobody is emailed twice.
    expect((await metaPost('/api/instagram/deauthorize', { signed_request: signed })).status).toBe(200);
    expect(await mailsTo(a.owner.email, 'instagram_broken')).toHaveLength(1);
  });

  it('a signed_request naming the app-scoped id (the code exchange’s user_id) deauthorizes and deletes that account, and only that one', async () => {
    const a = await ownerWithProject();
    const b = await ownerWithProject();
    const other = await ownerWithProject();
    const igUserId = nextIgUserId();
    const scopedId = scopedIdOf(igUserId);
    const rowA = await connectReal(a.owner, a.project.id, igUserId);
    await connectReal(b.owner, b.project.id, igUserId);
    const rowOther = await connectReal(other.owner, other.project.id);
    expect(rowA).toMatchObject({ igUserId, igScopedUserId: scopedId });
    // A sandbox account whose professional id happens to be the scoped id is not Meta's to remove.
    const sandbox = await ownerWithProject();
    expect((await send(`/api/projects/${sandbox.project.id}/instagram/sandbox`, { method: 'POST', cookie: sandbox.owner.cookie })).status).toBe(200);
    await db().update(instagramAccounts).set({ igScopedUserId: scopedId }).where(eq(instagramAccounts.projectId, sandbox.project.id));

    expect((await metaPost('/api/instagram/deauthorize', { signed_request: await signedRequest(payload(scopedId)) })).status).toBe(200);
    const after = (await accountOf(a.project.id))!;
    expect(after).toMatchObject({ status: 'broken', tokenSealed: null, tokenKeyId: null, tokenExpiresAt: null });
    expect(await tokenFor(db(), configured, rowA.id)).toBeUndefined();
    expect(await mailsTo(a.owner.email, 'instagram_broken')).toHaveLength(1);
    expect((await accountOf(b.project.id))!).toMatchObject({ status: 'broken', tokenSealed: null });
    expect((await accountOf(other.project.id))!).toMatchObject({ status: 'active', tokenSealed: rowOther.tokenSealed });
    expect((await accountOf(sandbox.project.id))!).toMatchObject({ status: 'active', sandbox: true });

    const response = await metaPost('/api/instagram/data-deletion', { signed_request: await signedRequest(payload(scopedId)) });
    expect(response.status).toBe(200);
    const { confirmation_code: code } = (await response.json()) as { confirmation_code: string };
    expect(await accountOf(a.project.id)).toBeUndefined();
    expect(await accountOf(b.project.id)).toBeUndefined();
    expect(await accountOf(other.project.id)).toBeDefined();
    expect(await accountOf(sandbox.project.id)).toBeDefined();
    expect(await db().select().from(dataDeletionRequests).where(eq(dataDeletionRequests.code, code)).get()).toMatchObject({
      igUserId: scopedId,
      status: 'completed',
      accountsDeleted: 2,
    });
  });

  it('an account connected before the app-scoped id was stored is still found by its professional id', async () => {
    const { owner, project } = await ownerWithProject();
    const igUserId = nextIgUserId();
    await connectReal(owner, project.id, igUserId);
    await db().update(instagramAccounts).set({ igScopedUserId: null }).where(eq(instagramAccounts.projectId, project.id));
    expect((await metaPost('/api/instagram/deauthorize', { signed_request: await signedRequest(payload(scopedIdOf(igUserId))) })).status).toBe(200);
    expect((await accountOf(project.id))!).toMatchObject({ status: 'active' });
    expect((await metaPost('/api/instagram/data-deletion', { signed_request: await signedRequest(payload(igUserId)) })).status).toBe(200);
    expect(await accountOf(project.id)).toBeUndefined();
  });

  it('refuses a tampered payload, a wrong key, another algorithm and garbage (400), deleting nothing', async () => {
    const { owner, project } = await ownerWithProject();
    const igUserId = nextIgUserId();
    await connectReal(owner, project.id, igUserId);
    const good = await signedRequest(payload('17841499999999999'));
    const [signature] = good.split('.');
    const tampered = `${signature}.${base64url(new TextEncoder().encode(JSON.stringify(payload(igUserId))))}`;
    const wrongKey = await signedRequest(payload(igUserId), 'another-secret');
    const wrongAlgorithm = await signedRequest(payload(igUserId, 'HMAC-SHA1'));
    const noAlgorithm = await signedRequest({ user_id: igUserId });
    for (const value of [tampered, wrongKey, wrongAlgorithm, noAlgorithm, 'abc', 'a.b.c', `${signature}.%%%`, '.', 'x'.repeat(8000)]) {
      for (const path of ['/api/instagram/deauthorize', '/api/instagram/data-deletion']) {
        const response = await metaPost(path, { signed_request: value });
        expect(response.status, `${path} ${value.slice(0, 40)}`).toBe(400);
      }
    }
    expect(await accountOf(project.id)).toBeDefined();
    expect((await metaPost('/api/instagram/deauthorize', {})).status).toBe(422);
    // Not a form at all, or a broken one: refused, never a 500.
    const asJson = await send('/api/instagram/deauthorize', { json: { signed_request: await signedRequest(payload(igUserId)) }, sameOrigin: false, env: APP });
    expect(asJson.status).toBeGreaterThanOrEqual(400);
    expect(asJson.status).toBeLessThan(500);
    const broken = await send('/api/instagram/data-deletion', {
      body: 'signed_request=%E0%A4%A&x=%',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      sameOrigin: false,
      env: APP,
    });
    expect(broken.status).toBeGreaterThanOrEqual(400);
    expect(broken.status).toBeLessThan(500);
    expect((await metaPost('/api/instagram/deauthorize', { signed_request: 'x'.repeat(9000) })).status).toBe(422);
    // Without an app secret nothing can be verified: the endpoints do not exist.
    expect((await metaPost('/api/instagram/deauthorize', { signed_request: await signedRequest(payload(igUserId)) }, {})).status).toBe(404);
    expect(await accountOf(project.id)).toBeDefined();
  });

  it('data deletion deletes, answers { url, confirmation_code }, and the status page shows the state', async () => {
    const { owner, project } = await ownerWithProject();
    const igUserId = nextIgUserId();
    await connectReal(owner, project.id, igUserId);
    const response = await metaPost('/api/instagram/data-deletion', { signed_request: await signedRequest(payload(igUserId)) });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { url: string; confirmation_code: string };
    expect(Object.keys(body).sort()).toEqual(['confirmation_code', 'url']);
    expect(body.confirmation_code).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(body.url).toBe(`${ORIGIN}/instagram/deletion/${body.confirmation_code}`);
    expect(await accountOf(project.id)).toBeUndefined();

    const page = await send(new URL(body.url).pathname);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(body.confirmation_code);
    expect(html).toContain('Completed');
    expect(html).toContain('Your Instagram data is deleted');
    expect(html).toContain('/tech-provider');

    // A request for someone we hold nothing of is confirmed too.
    const none = (await (await metaPost('/api/instagram/data-deletion', { signed_request: await signedRequest(payload('17841400000000001')) })).json()) as {
      confirmation_code: string;
    };
    expect(await (await send(`/instagram/deletion/${none.confirmation_code}`)).text()).toContain('there was nothing left to delete');
  });

  it('the status page speaks the visitor’s language: German for a German browser, dates too', async () => {
    const { owner, project } = await ownerWithProject();
    const igUserId = nextIgUserId();
    await connectReal(owner, project.id, igUserId);
    const body = (await (await metaPost('/api/instagram/data-deletion', { signed_request: await signedRequest(payload(igUserId)) })).json()) as {
      confirmation_code: string;
    };
    const german = { 'accept-language': 'de-DE,de;q=0.9' };
    const page = await send(`/instagram/deletion/${body.confirmation_code}`, { headers: german });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toMatch(/<html lang="de">/);
    for (const phrase of [
      'Ihre Instagram-Daten sind gelöscht',
      'Bestätigungscode',
      'Abgeschlossen',
      'Wir haben die Verbindung dieses Instagram-Kontos gelöscht',
    ]) {
      expect(html).toContain(phrase);
    }
    expect(html).toContain('/de/tech-provider');
    expect(html).not.toContain('Completed');
    // A German date: "30. Nov. 2026, 03:40 UTC".
    expect(html.replace(/<[^>]+>/g, '')).toMatch(/Beantragt\d{1,2}\. [A-Z][a-zä]+\.? \d{4}, \d{2}:\d{2} UTC/);

    const unknown = await send('/instagram/deletion/AAAAAAAAAAAAAAAA', { headers: german });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Diesen Bestätigungscode kennen wir nicht');

    // English stays English, with its own date.
    const english = await (await send(`/instagram/deletion/${body.confirmation_code}`, { headers: { 'accept-language': 'en-GB,en;q=0.9' } })).text();
    expect(english).toMatch(/<html lang="en">/);
    expect(english).toContain('We deleted the connection of this Instagram account');
    expect(english.replace(/<[^>]+>/g, '')).toMatch(/Requested\d{1,2} [A-Z][a-z]+ \d{4}, \d{2}:\d{2} UTC/);
  });

  it('the status page answers 404 for unknown or odd codes, never 500', async () => {
    for (const code of ['AAAAAAAAAAAAAAAA', '%3Cscript%3E', 'x'.repeat(500), '..%2F..']) {
      const response = await send(`/instagram/deletion/${code}`);
      expect(response.status, code).toBe(404);
      expect(await response.text()).not.toContain('<script>');
    }
  });
});

describe('/tech-provider', () => {
  it('explains the permissions, the data kept and for how long, deauthorization and the deletion status page', async () => {
    const html = await (await send('/tech-provider')).text();
    for (const phrase of [
      'instagram_business_basic',
      'instagram_business_content_publish',
      'AES-GCM',
      '60 days',
      '/instagram/deletion/',
      'deauthorization',
      '12 months',
    ]) {
      expect(html).toContain(phrase);
    }
  });
});
