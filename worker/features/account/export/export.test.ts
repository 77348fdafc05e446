import { env } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { creations, media, presentationRecipients, presentationRequests, presentationVisits, projectMembers } from '#worker/db/schema.ts';
import { newId } from '#worker/lib/ids.ts';
import { emailOutbox, rateLimits } from '#worker/db/schema.ts';
import { issueExportTicket } from '#worker/features/account/export/service.ts';
import { createProject, createUser, latestMail, uploadMedia, type TestUser } from '#worker/test/factories.ts';
import { png } from '#worker/test/files.ts';
import { createAgencyUser, createPresentation } from '#worker/test/presentations.ts';
import { cookieFrom, send } from '#worker/test/http.ts';

async function unzip(response: Response): Promise<Record<string, Uint8Array>> {
  return unzipSync(new Uint8Array(await response.arrayBuffer()));
}

interface Ticket {
  url: string;
  filename: string;
  expiresAt: string;
}

/** `POST /api/me/export` as the account page sends it: the download link, or the refusal. */
async function startExport(user: TestUser, cookie = user.cookie): Promise<Ticket> {
  const response = await send('/api/me/export', { method: 'POST', cookie });
  expect(response.status).toBe(201);
  expect(response.headers.get('cache-control')).toContain('no-store');
  return (await response.json()) as Ticket;
}

/** The whole download: a link, then the ZIP it streams. */
async function download(user: TestUser): Promise<Response> {
  const { url } = await startExport(user);
  return send(url, { cookie: user.cookie });
}

async function exportMails(user: TestUser): Promise<number> {
  const rows = await getDb(env.DB)
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, user.email), eq(emailOutbox.kind, 'account_export')))
    .all();
  return rows.length;
}

async function exportsCounted(user: TestUser): Promise<number> {
  const row = await getDb(env.DB)
    .select()
    .from(rateLimits)
    .where(eq(rateLimits.key, `export:${user.id}`))
    .get();
  return row?.count ?? 0;
}

function fileIn(files: Record<string, Uint8Array>, pattern: RegExp): [string, Uint8Array] {
  const found = Object.entries(files).find(([name]) => pattern.test(name));
  if (!found) throw new Error(`no file matches ${pattern}: ${Object.keys(files).join(', ')}`);
  return found;
}

describe('the data export: POST /api/me/export, then GET the link it answers', () => {
  it('needs a session, both to ask for a link and to use one', async () => {
    const response = await send('/api/me/export', { method: 'POST' });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('unauthenticated');
    const user = await createUser();
    const { url } = await startExport(user);
    expect((await send(url)).status).toBe(401);
  });

  it('is no GET any more: a link to /api/me/export from another site counts nothing and mails nothing; a cross-site POST is refused', async () => {
    const user = await createUser();
    expect((await send('/api/me/export', { cookie: user.cookie, headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(404);
    expect((await send('/api/me/export', { method: 'HEAD', cookie: user.cookie })).status).toBe(404);
    const crossSite = await send('/api/me/export', { method: 'POST', cookie: user.cookie, headers: { origin: 'https://evil.example' } });
    expect(crossSite.status).toBe(403);
    expect(await exportsCounted(user)).toBe(0);
    expect(await exportMails(user)).toBe(0);
  });

  it('streams a ZIP with the account, the owned projects with their files, and nothing of anyone else', async () => {
    const owner = await createUser({ name: 'Ada Export' });
    const colleague = await createUser({ name: 'Colleague Person' });
    const stranger = await createUser({ name: 'Stranger Danger' });
    const mine = await createProject(owner, { editor: colleague }, 'Ada’s Bakery');
    const photo = png(12, 9, 4242);
    const uploaded = await uploadMedia(owner, mine.id, photo, 'croissant.png');
    // A render of the project: its row and its PNG in R2.
    const creationKey = `creations/${mine.id}/${newId()}.png`;
    const creationBytes = png(10, 10, 7);
    await env.MEDIA.put(creationKey, creationBytes);
    const db = getDb(env.DB);
    await db.insert(creations).values({
      id: newId(),
      projectId: mine.id,
      revisionId: newId(),
      revisionNumber: 1,
      name: 'Spring sale (square)',
      format: 'square',
      width: 10,
      height: 10,
      size: creationBytes.byteLength,
      r2Key: creationKey,
    });
    // A project the owner is only an editor in, and one they are not in at all.
    const theirs = await createProject(colleague, {}, 'Colleague’s Studio');
    await db.insert(projectMembers).values({ projectId: theirs.id, userId: owner.id, role: 'editor', createdAt: new Date(), updatedAt: new Date() });
    await uploadMedia(colleague, theirs.id, png(5, 5, 99), 'colleague-secret.png');
    const foreign = await createProject(stranger, {}, 'Stranger Things Inc');
    await uploadMedia(stranger, foreign.id, png(6, 6, 98), 'stranger.png');

    const ticket = await startExport(owner);
    expect(ticket.url).toMatch(/^\/api\/me\/export\/[0-9a-z]+\.[\w-]{22}\.[\w-]{43}$/);
    expect(ticket.filename).toMatch(/^adloom-export-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(new Date(ticket.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(60_000);
    // Asking for the link mails nothing: the email goes when the download starts.
    expect(await exportMails(owner)).toBe(0);
    const response = await send(ticket.url, { cookie: owner.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="adloom-export-\d{4}-\d{2}-\d{2}\.zip"$/);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.body).toBeInstanceOf(ReadableStream);
    const files = await unzip(response);

    const account = JSON.parse(strFromU8(files['account.json']!)) as {
      profile: { id: string; email: string; name: string };
      memberships: { project: string; role: string; folder: string | null }[];
      credits: { ledger: { kind: string }[] };
      sessions: unknown[];
    };
    expect(account.profile).toMatchObject({ id: owner.id, email: owner.email, name: 'Ada Export' });
    expect(account.credits.ledger.map((l) => l.kind)).toContain('grant_monthly');
    expect(account.sessions).toHaveLength(1);
    expect(account.memberships.map((m) => [m.project, m.role])).toEqual(
      expect.arrayContaining([
        ['Ada’s Bakery', 'owner'],
        ['Colleague’s Studio', 'editor'],
      ]),
    );
    expect(files['README.txt']).toBeDefined();

    const [, projectJson] = fileIn(files, /^projects\/Adas Bakery \([^)]+\)\/project\.json$/);
    const project = JSON.parse(strFromU8(projectJson)) as { name: string; members: { name: string; role: string }[]; media: { id: string; file: string }[] };
    expect(project.name).toBe('Ada’s Bakery');
    expect(project.members.map((m) => [m.name, m.role])).toEqual([
      ['Ada Export', 'owner'],
      ['Colleague Person', 'editor'],
    ]);
    expect(project.media.map((m) => m.id)).toEqual([uploaded.id]);
    // The files are the stored bytes, at the paths project.json names.
    const [mediaPath, mediaBytes] = fileIn(files, /\/media\/.* croissant\.png$/);
    expect(mediaPath.endsWith(project.media[0]!.file)).toBe(true);
    expect(mediaBytes).toEqual(photo);
    const [, renderBytes] = fileIn(files, /\/creations\/.* Spring sale \(square\)\.png$/);
    expect(renderBytes).toEqual(creationBytes);

    // Nothing of the projects they do not own, nothing of strangers, no secrets.
    const names = Object.keys(files);
    expect(names.some((n) => n.includes('Colleague') || n.includes('Stranger'))).toBe(false);
    const everything = Object.values(files)
      .filter((_, i) => names[i]!.endsWith('.json'))
      .map((bytes) => strFromU8(bytes))
      .join('\n');
    expect(everything).not.toMatch(/pbkdf2|password_?hash|passwordHash|token_?hash|tokenHash|tokenSealed/i);
    expect(everything).not.toContain(colleague.email);
    expect(everything).not.toContain(stranger.email);
    expect(everything).not.toContain('Stranger Things Inc');
    expect(everything).not.toContain('colleague-secret');

    const mail = await latestMail(owner.email, 'account_export');
    expect(mail?.subject).toBe('Your Adloom data was downloaded');
    expect(mail?.textBody).toContain('change your password');
  });

  it('lists each presentation’s recipients, visitors’ requests and visits (who read it, for how long)', async () => {
    const author = await createAgencyUser('Pia Presenter');
    const presentation = await createPresentation(author, { customerName: 'Harbour Bakery', publish: true });
    const db = getDb(env.DB);
    const recipientId = newId();
    await db
      .insert(presentationRecipients)
      .values({ id: recipientId, presentationId: presentation.id, name: 'Carla Client', email: 'carla@client.example', code: newId() });
    await db.insert(presentationRequests).values({
      id: newId(),
      presentationId: presentation.id,
      kind: 'interest',
      name: 'Ivy Interested',
      email: 'ivy@example.com',
      message: 'Call me',
      locale: 'en',
    });
    await db
      .insert(presentationVisits)
      .values({ viewId: newId(), presentationId: presentation.id, recipientId, startedAt: new Date(), seconds: 42, sections: { intro: 42 } });
    const files = await unzip(await download(author));
    const account = JSON.parse(strFromU8(files['account.json']!)) as {
      presentations: { id: string; recipients: unknown[]; requests: unknown[]; visits: unknown[] }[];
    };
    const exported = account.presentations.find((p) => p.id === presentation.id)!;
    // The recipient's link code is a capability, not data about anyone: it stays out (toEqual: no other field).
    expect(exported.recipients).toEqual([{ name: 'Carla Client', email: 'carla@client.example', createdAt: expect.any(String), revokedAt: null }]);
    expect(exported.requests).toEqual([
      { kind: 'interest', name: 'Ivy Interested', email: 'ivy@example.com', message: 'Call me', createdAt: expect.any(String), grantedAt: null },
    ]);
    expect(exported.visits).toEqual([{ startedAt: expect.any(String), seconds: 42, sections: { intro: 42 }, recipient: 'Carla Client' }]);
  });

  it('leaves out a file whose R2 object is gone instead of failing the archive', async () => {
    const owner = await createUser();
    const project = await createProject(owner, {}, 'Gone Files');
    const kept = await uploadMedia(owner, project.id, png(4, 4, 1), 'kept.png');
    const lost = await uploadMedia(owner, project.id, png(4, 4, 2), 'lost.png');
    const row = await getDb(env.DB).select().from(media).where(eq(media.id, lost.id)).get();
    await env.MEDIA.delete(row!.r2Key);
    const files = await unzip(await download(owner));
    expect(Object.keys(files).some((n) => n.endsWith('kept.png'))).toBe(true);
    expect(Object.keys(files).some((n) => n.endsWith('lost.png'))).toBe(false);
    expect(kept.id).toBeTruthy();
  });

  it('the link works once: a second GET is 404 and the email was sent once', async () => {
    const user = await createUser();
    const { url } = await startExport(user);
    const first = await send(url, { cookie: user.cookie });
    expect(first.status).toBe(200);
    await first.arrayBuffer();
    const again = await send(url, { cookie: user.cookie });
    expect(again.status).toBe(404);
    expect(((await again.json()) as { error: { message: string } }).error.message).toContain('expired or was used already');
    expect(await exportMails(user)).toBe(1);
  });

  it('HEAD checks the link without using it: no body, no email, no count; the download after it works', async () => {
    const user = await createUser();
    const { url } = await startExport(user);
    for (let i = 0; i < 3; i += 1) {
      const head = await send(url, { method: 'HEAD', cookie: user.cookie });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-disposition')).toMatch(/^attachment; filename="adloom-export-/);
      expect(await head.arrayBuffer()).toHaveProperty('byteLength', 0);
    }
    expect(await exportMails(user)).toBe(0);
    expect(await exportsCounted(user)).toBe(1);
    const files = await unzip(await send(url, { cookie: user.cookie }));
    expect(files['account.json']).toBeDefined();
    expect(await exportMails(user)).toBe(1);
  });

  it('the link belongs to the session that asked for it: not another user, not another device of the same user', async () => {
    const user = await createUser();
    const stranger = await createUser();
    const { url } = await startExport(user);
    expect((await send(url, { cookie: stranger.cookie })).status).toBe(404);
    const login = await send('/api/auth/login', { json: { email: user.email, password: user.password } });
    expect((await send(url, { cookie: cookieFrom(login)! })).status).toBe(404);
    // None of those used it up.
    expect((await send(url, { cookie: user.cookie })).status).toBe(200);
  });

  it('refuses an expired, tampered or malformed link', async () => {
    const user = await createUser();
    // A link made 61 seconds ago (for this session: the id the session middleware knows).
    const me = (await (await send('/api/me/sessions', { cookie: user.cookie })).json()) as { items: { id: string; current: boolean }[] };
    const sessionId = me.items.find((s) => s.current)!.id;
    const old = await issueExportTicket(getDb(env.DB), env.SESSION_SECRET, user.id, sessionId, new Date(Date.now() - 61_000));
    expect((await send(old.url, { cookie: user.cookie })).status).toBe(404);
    // The same link made now works, so the one above failed for its age only.
    const fresh = await issueExportTicket(getDb(env.DB), env.SESSION_SECRET, user.id, sessionId);
    const { url } = fresh;
    const [expires, nonce, signature] = url.split('/').pop()!.split('.') as [string, string, string];
    const later = (parseInt(expires, 36) + 3_600_000).toString(36);
    expect((await send(`/api/me/export/${later}.${nonce}.${signature}`, { cookie: user.cookie })).status).toBe(404);
    // A character in the middle: its 6 bits are all the signature's (the last one's low bits are
    // base64 padding, which decoding drops, so changing only those would not change the signature).
    const middle = signature.length >> 1;
    const flipped = `${signature.slice(0, middle)}${signature[middle] === 'A' ? 'B' : 'A'}${signature.slice(middle + 1)}`;
    expect((await send(`/api/me/export/${expires}.${nonce}.${flipped}`, { cookie: user.cookie })).status).toBe(404);
    expect((await send('/api/me/export/not-a-ticket', { cookie: user.cookie })).status).toBe(422);
    expect((await send(url, { cookie: user.cookie })).status).toBe(200);
  });

  it('is rate limited per user when the link is asked for: a fourth within the hour gets 429 with Retry-After', async () => {
    const user = await createUser();
    for (let i = 0; i < 3; i += 1) {
      const ok = await download(user);
      expect(ok.status).toBe(200);
      await ok.arrayBuffer();
    }
    const limited = await send('/api/me/export', { method: 'POST', cookie: user.cookie });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Someone else is not affected.
    const other = await createUser();
    const theirs = await download(other);
    expect(theirs.status).toBe(200);
    await theirs.arrayBuffer();
  });

  it('20 requests for a link at once: exactly 3 get one (one counted upsert each, no count-then-insert)', async () => {
    const user = await createUser();
    const responses = await Promise.all(Array.from({ length: 20 }, () => send('/api/me/export', { method: 'POST', cookie: user.cookie })));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(17);
    expect(await exportsCounted(user)).toBe(20);
  });
});
