import { env } from 'cloudflare:test';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Presentation, PresentationStats, PresentationSummary } from '#common/schemas/presentations.ts';
import { getDb } from '#worker/db/client.ts';
import { auditLog, presentations, users } from '#worker/db/schema.ts';
import { createProject, createUser, type TestUser } from '#worker/test/factories.ts';
import { cookieFrom, send } from '#worker/test/http.ts';
import { createAgencyUser, createPresentation, documentFor, uniqueSlug } from '#worker/test/presentations.ts';

let author: TestUser;
let otherAgency: TestUser;
let freeUser: TestUser;
let admin: TestUser;

beforeAll(async () => {
  author = await createAgencyUser('Ada Author');
  otherAgency = await createAgencyUser('Otto Other');
  freeUser = await createUser({ name: 'Fred Free' });
  admin = await createUser({ role: 'admin', name: 'Alex Admin' });
});

describe('access', () => {
  it('the author, admins: 200; another Agency user, a Free user: 404; signed out: 401', async () => {
    const p = await createPresentation(author, { publish: false });
    expect((await send(`/api/presentations/${p.id}`, { cookie: author.cookie })).status).toBe(200);
    expect((await send(`/api/presentations/${p.id}`, { cookie: admin.cookie })).status).toBe(200);
    expect((await send(`/api/presentations/${p.id}`, { cookie: otherAgency.cookie })).status).toBe(404);
    expect((await send(`/api/presentations/${p.id}`, { cookie: freeUser.cookie })).status).toBe(404);
    expect((await send(`/api/presentations/${p.id}`)).status).toBe(401);
    for (const path of ['publish', 'unpublish', 'duplicate']) {
      expect((await send(`/api/presentations/${p.id}/${path}`, { method: 'POST', cookie: otherAgency.cookie })).status).toBe(404);
    }
    expect((await send(`/api/presentations/${p.id}`, { method: 'DELETE', cookie: otherAgency.cookie })).status).toBe(404);
    expect((await send(`/api/presentations/${p.id}/stats`, { cookie: otherAgency.cookie })).status).toBe(404);
    expect((await send('/api/presentations/not-an-id', { cookie: author.cookie })).status).toBe(404);
  });

  it('a user without the Agency plan is told why they cannot create or list (403)', async () => {
    const created = await send('/api/presentations', { json: { slug: uniqueSlug(), customerName: 'Nope' }, cookie: freeUser.cookie });
    expect(created.status).toBe(403);
    const body = (await created.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('forbidden');
    expect(body.error.message).toMatch(/Agency plan/);
    expect((await send('/api/presentations', { cookie: freeUser.cookie })).status).toBe(403);
  });

  it('an author who leaves the Agency plan no longer reaches their presentations', async () => {
    const leaving = await createAgencyUser();
    const p = await createPresentation(leaving, { publish: false });
    await getDb(env.DB).update(users).set({ plan: 'pro' }).where(eq(users.id, leaving.id));
    // A new session reads the new plan (a session's user is cached in memory for a few seconds).
    const login = await send('/api/auth/login', { json: { email: leaving.email, password: leaving.password } });
    const cookie = cookieFrom(login)!;
    expect((await send(`/api/presentations/${p.id}`, { cookie })).status).toBe(404);
    expect((await send('/api/presentations', { cookie })).status).toBe(403);
  });

  it('lists: mine for authors, all only for admins', async () => {
    const p = await createPresentation(author, { publish: false, customerName: 'Listed Customer' });
    const mine = (await (await send('/api/presentations?scope=mine', { cookie: author.cookie })).json()) as { items: PresentationSummary[] };
    expect(mine.items.some((item) => item.id === p.id)).toBe(true);
    const others = (await (await send('/api/presentations', { cookie: otherAgency.cookie })).json()) as { items: PresentationSummary[] };
    expect(others.items.some((item) => item.id === p.id)).toBe(false);
    expect((await send('/api/presentations?scope=all', { cookie: otherAgency.cookie })).status).toBe(404);
    const all = (await (await send(`/api/presentations?scope=all&q=${encodeURIComponent('listed cust')}`, { cookie: admin.cookie })).json()) as {
      items: PresentationSummary[];
    };
    const item = all.items.find((i) => i.id === p.id)!;
    expect(item).toMatchObject({ customerName: 'Listed Customer', status: 'draft', author: { id: author.id, name: 'Ada Author' }, url: `/presents/${p.slug}` });
    expect(item.daily7d).toHaveLength(7);
    // A 100-character search is fine (instr, not LIKE).
    expect((await send(`/api/presentations?scope=all&q=${'x'.repeat(100)}`, { cookie: admin.cookie })).status).toBe(200);
    expect((await send(`/api/presentations?scope=all&q=${'x'.repeat(101)}`, { cookie: admin.cookie })).status).toBe(422);
  });

  it('a full page of 100 answers 200 (the week’s stats take the 100 ids as one parameter: D1 binds at most 100)', async () => {
    const prolific = await createAgencyUser('Pat Prolific');
    for (let i = 0; i < 101; i += 1) {
      const made = await send('/api/presentations', { json: { slug: uniqueSlug(), customerName: `Customer ${i}` }, cookie: prolific.cookie });
      expect(made.status).toBe(201);
    }
    const first = await send('/api/presentations?limit=100', { cookie: prolific.cookie });
    expect(first.status).toBe(200);
    const page = (await first.json()) as { items: PresentationSummary[]; nextCursor: string | null };
    expect(page.items).toHaveLength(100);
    expect(page.items.every((item) => item.daily7d.length === 7)).toBe(true);
    const rest = (await (await send(`/api/presentations?limit=100&cursor=${encodeURIComponent(page.nextCursor!)}`, { cookie: prolific.cookie })).json()) as {
      items: PresentationSummary[];
    };
    expect(rest.items).toHaveLength(1);
  });
});

describe('changes', () => {
  it('PATCH at a stale revision is a 409 and changes nothing', async () => {
    const p = await createPresentation(author, { publish: false });
    const ok = await send(`/api/presentations/${p.id}`, {
      method: 'PATCH',
      json: { baseRevision: p.revision, slug: uniqueSlug('renamed') },
      cookie: author.cookie,
    });
    expect(ok.status).toBe(200);
    const after = (await ok.json()) as Presentation;
    expect(after.revision).toBe(p.revision + 1);
    const stale = await send(`/api/presentations/${p.id}`, {
      method: 'PATCH',
      json: { baseRevision: p.revision, document: documentFor('Changed') },
      cookie: author.cookie,
    });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { error: { details: Record<string, string[]> } }).error.details._).toEqual([`revision:${after.revision}`]);
  });

  it('refuses bad input with 4xx, never 500: malformed JSON, bad slugs, unsafe links, lone surrogates made well-formed', async () => {
    const p = await createPresentation(author, { publish: false });
    const malformed = await send('/api/presentations', { body: '{"slug":', headers: { 'content-type': 'application/json' }, cookie: author.cookie });
    expect(malformed.status).toBe(400);
    for (const slug of ['ab', 'x'.repeat(100), '-lead', 'trail-', 'UPPER space', 'components', '../etc']) {
      const r = await send('/api/presentations', { json: { slug, customerName: 'A' }, cookie: author.cookie });
      expect(r.status, slug).toBe(422);
    }
    const doc = documentFor('Safe');
    const cta = doc.sections[3] as { props: { href: string } };
    cta.props.href = 'javascript:alert(1)';
    const unsafe = await send(`/api/presentations/${p.id}`, { method: 'PATCH', json: { baseRevision: p.revision, document: doc }, cookie: author.cookie });
    expect(unsafe.status).toBe(422);
    const lone = await send(`/api/presentations/${p.id}`, {
      method: 'PATCH',
      json: { baseRevision: p.revision, document: documentFor('Caf\ud800é') },
      cookie: author.cookie,
    });
    expect(lone.status).toBe(200);
    expect(((await lone.json()) as Presentation).customerName).toBe('Caf\ufffdé');
    const wrongType = await send(`/api/presentations/${p.id}`, { method: 'PATCH', json: { baseRevision: 'one' }, cookie: author.cookie });
    expect(wrongType.status).toBe(422);
    const badProject = await send('/api/presentations', {
      json: { slug: uniqueSlug(), customerName: 'A', fromProjectId: 'AAAAAAAAAAAAAAAAAAAAAA' },
      cookie: author.cookie,
    });
    expect(badProject.status).toBe(422);
  });

  it('a taken slug is a 409 on create and on rename', async () => {
    const p = await createPresentation(author, { publish: false });
    const again = await send('/api/presentations', { json: { slug: p.slug, customerName: 'Again' }, cookie: otherAgency.cookie });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { details: Record<string, string[]> } }).error.details.slug).toBeDefined();
    const q = await createPresentation(author, { publish: false });
    const rename = await send(`/api/presentations/${q.id}`, { method: 'PATCH', json: { baseRevision: q.revision, slug: p.slug }, cookie: author.cookie });
    expect(rename.status).toBe(409);
  });

  it('20 concurrent creates of one slug: exactly one wins (one conditional write each)', async () => {
    const slug = uniqueSlug('race');
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send('/api/presentations', { json: { slug, customerName: `Racer ${i}` }, cookie: i % 2 ? author.cookie : otherAgency.cookie }),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const rows = await getDb(env.DB).select().from(presentations).where(eq(presentations.slug, slug)).all();
    expect(rows).toHaveLength(1);
  });

  it('copies of a 64-character slug keep valid addresses', async () => {
    const long = `${uniqueSlug('long')}-${'x'.repeat(64)}`.slice(0, 64).replace(/-+$/, 'z');
    const p = await createPresentation(author, { slug: long });
    for (let i = 0; i < 2; i += 1) {
      const copy = (await (await send(`/api/presentations/${p.id}/duplicate`, { method: 'POST', cookie: author.cookie })).json()) as Presentation;
      expect(copy.slug.length).toBeLessThanOrEqual(64);
      expect(copy.slug).toMatch(/^[a-z0-9](?:[a-z0-9-]{1,62}[a-z0-9])$/);
      expect((await send(`/presents/${copy.slug}/components`, { cookie: author.cookie })).status).toBe(200);
    }
  });

  it('publish, unpublish, duplicate, delete; a deleted slug is free again', async () => {
    const p = await createPresentation(author, { publish: false });
    const published = (await (await send(`/api/presentations/${p.id}/publish`, { method: 'POST', cookie: author.cookie })).json()) as Presentation;
    expect(published.status).toBe('published');
    expect(published.publishedAt).not.toBeNull();
    const unpublished = (await (await send(`/api/presentations/${p.id}/unpublish`, { method: 'POST', cookie: author.cookie })).json()) as Presentation;
    expect(unpublished.status).toBe('draft');
    const copy = await send(`/api/presentations/${p.id}/duplicate`, { method: 'POST', cookie: author.cookie });
    expect(copy.status).toBe(201);
    const copied = (await copy.json()) as Presentation;
    expect(copied.slug).toBe(`${p.slug}-copy`);
    expect(copied.status).toBe('draft');
    expect(copied.hasPassword).toBe(false);
    const copy2 = (await (await send(`/api/presentations/${p.id}/duplicate`, { method: 'POST', cookie: author.cookie })).json()) as Presentation;
    expect(copy2.slug).toBe(`${p.slug}-copy-2`);
    expect((await send(`/api/presentations/${p.id}`, { method: 'DELETE', cookie: author.cookie })).status).toBe(204);
    expect((await send(`/api/presentations/${p.id}`, { cookie: author.cookie })).status).toBe(404);
    expect((await send('/api/presentations', { json: { slug: p.slug, customerName: 'Reuse' }, cookie: author.cookie })).status).toBe(201);
  });

  it('admin actions on someone else’s presentation are audited with the address; the author’s own are not', async () => {
    const p = await createPresentation(author, { publish: false });
    const headers = { 'cf-connecting-ip': '192.0.2.77' };
    expect((await send(`/api/presentations/${p.id}/publish`, { method: 'POST', cookie: admin.cookie, headers })).status).toBe(200);
    const patched = await send(`/api/presentations/${p.id}`, {
      method: 'PATCH',
      json: { baseRevision: p.revision + 1, password: 'open sesame 1' },
      cookie: admin.cookie,
      headers,
    });
    expect(patched.status).toBe(200);
    expect((await send(`/api/presentations/${p.id}/duplicate`, { method: 'POST', cookie: admin.cookie, headers })).status).toBe(201);
    expect((await send(`/api/presentations/${p.id}`, { method: 'DELETE', cookie: admin.cookie, headers })).status).toBe(204);
    const entries = await getDb(env.DB)
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'presentation'), eq(auditLog.targetId, p.id)))
      .all();
    expect(entries.map((e) => e.action).sort()).toEqual(['presentation.delete', 'presentation.duplicate', 'presentation.publish', 'presentation.update']);
    for (const entry of entries) {
      expect(entry.actorUserId).toBe(admin.id);
      expect(entry.ip).toBe('192.0.2.77');
    }
    expect(JSON.stringify(entries)).not.toContain('open sesame');
    expect(entries.find((e) => e.action === 'presentation.update')!.details).toMatchObject({ before: { hasPassword: false }, after: { hasPassword: true } });
    expect(entries.find((e) => e.action === 'presentation.publish')!.details).toMatchObject({ before: { status: 'draft' }, after: { status: 'published' } });
    const own = await createPresentation(author, { publish: true });
    const ownEntries = await getDb(env.DB).select().from(auditLog).where(eq(auditLog.targetId, own.id)).all();
    expect(ownEntries).toEqual([]);
  });

  it('the password is never returned; hasPassword says whether there is one', async () => {
    const p = await createPresentation(author, { publish: false, password: 'correct horse 42' });
    expect(p.hasPassword).toBe(true);
    expect(JSON.stringify(p)).not.toContain('correct horse');
    expect(JSON.stringify(p)).not.toContain('pbkdf2');
    const cleared = (await (
      await send(`/api/presentations/${p.id}`, { method: 'PATCH', json: { baseRevision: p.revision, password: null }, cookie: author.cookie })
    ).json()) as Presentation;
    expect(cleared.hasPassword).toBe(false);
  });
});

describe('from a project', () => {
  it('prefills the brand, and refuses a project the author is not a member of', async () => {
    const project = await createProject(author, {}, 'Prefill Roasters');
    const created = await send('/api/presentations', {
      json: { slug: uniqueSlug(), customerName: 'Prefill Roasters', fromProjectId: project.id },
      cookie: author.cookie,
    });
    expect(created.status).toBe(201);
    const p = (await created.json()) as Presentation;
    expect(p.projectId).toBe(project.id);
    expect(p.projectName).toBe('Prefill Roasters');
    expect(p.document.sections.map((s) => s.type)).toEqual(expect.arrayContaining(['hero', 'intro', 'pricing', 'cta']));
    const sources = await send(`/api/presentations/${p.id}/sources`, { cookie: author.cookie });
    expect(sources.status).toBe(200);
    expect(((await sources.json()) as { project: { id: string } }).project.id).toBe(project.id);
    const foreign = await send('/api/presentations', {
      json: { slug: uniqueSlug(), customerName: 'X', fromProjectId: project.id },
      cookie: otherAgency.cookie,
    });
    expect(foreign.status).toBe(422);
  });
});

describe('stats', () => {
  it('answers 7 or 30 days with the sections of the presentation', async () => {
    const p = await createPresentation(author);
    const stats = (await (await send(`/api/presentations/${p.id}/stats?days=30`, { cookie: author.cookie })).json()) as PresentationStats;
    expect(stats.days).toBe(30);
    expect(stats.series).toHaveLength(30);
    expect(stats.sections.map((s) => s.id)).toEqual(['hero', 'intro', 'offer', 'cta']);
    expect((await send(`/api/presentations/${p.id}/stats?days=9`, { cookie: author.cookie })).status).toBe(422);
  });
});
