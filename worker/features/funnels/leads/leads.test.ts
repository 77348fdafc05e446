import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LeadList } from '#common/schemas/funnels.ts';
import { getDb } from '#worker/db/client.ts';
import { auditLog, leads } from '#worker/db/schema.ts';
import { csvCell } from '#worker/features/funnels/leads/service.ts';
import { newId } from '#worker/lib/ids.ts';
import { createFunnel, createFunnelPage, createProject, createUser, type TestUser } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';

const db = () => getDb(env.DB);
const json = async <T>(response: Response) => (await response.json()) as T;
const NO_UTM = { source: '', medium: '', campaign: '', term: '', content: '' };
/** The body as sent, byte order mark included (Response.text() drops it). */
const rawText = async (response: Response) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());

let owner: TestUser;
let editor: TestUser;
let viewer: TestUser;
let outsider: TestUser;
let projectId: string;

beforeAll(async () => {
  [owner, editor, viewer, outsider] = [await createUser(), await createUser(), await createUser(), await createUser()];
  projectId = (await createProject(owner, { editor, viewer })).id;
});

async function funnelWithPage(slug = 'offer') {
  const funnel = await createFunnel(owner, projectId);
  const page = await createFunnelPage(owner, funnel.id, { slug });
  return { funnel, page };
}

let clock = Date.UTC(2026, 10, 1, 12);
async function addLead(funnelId: string, pageId: string, data: Record<string, string | boolean>, extra: Partial<typeof leads.$inferInsert> = {}) {
  clock += 1000;
  const id = newId();
  const email = typeof data.email === 'string' ? data.email.toLowerCase() : null;
  await db()
    .insert(leads)
    .values({ id, funnelId, pageId, projectId, variant: 'a', data, email, utm: NO_UTM, referrer: null, createdAt: new Date(clock), ...extra });
  return id;
}

/** The rows of a CSV (RFC 4180 with quoted fields). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += ch;
  }
  return rows;
}

describe('the leads list', () => {
  it('lists newest first with cursor paging, to members only', async () => {
    const { funnel, page } = await funnelWithPage();
    const ids: string[] = [];
    for (let i = 0; i < 7; i += 1) ids.push(await addLead(funnel.id, page.id, { email: `lead${i}@example.com`, name: `Lead ${i}` }));
    const first = await json<LeadList>(await send(`/api/funnels/${funnel.id}/leads?limit=3`, { cookie: viewer.cookie }));
    expect(first.items.map((l) => l.id)).toEqual([ids[6], ids[5], ids[4]]);
    expect(first.items[0]).toMatchObject({
      pageId: page.id,
      pageSlug: 'offer',
      variant: 'a',
      email: 'lead6@example.com',
      data: { name: 'Lead 6' },
      utm: NO_UTM,
    });
    const second = await json<LeadList>(await send(`/api/funnels/${funnel.id}/leads?limit=3&cursor=${first.nextCursor}`, { cookie: viewer.cookie }));
    expect(second.items.map((l) => l.id)).toEqual([ids[3], ids[2], ids[1]]);
    const third = await json<LeadList>(await send(`/api/funnels/${funnel.id}/leads?limit=3&cursor=${second.nextCursor}`, { cookie: viewer.cookie }));
    expect(third.items.map((l) => l.id)).toEqual([ids[0]]);
    expect(third.nextCursor).toBeNull();
    expect((await send(`/api/funnels/${funnel.id}/leads`, { cookie: outsider.cookie })).status).toBe(404);
    expect((await send(`/api/funnels/${funnel.id}/leads`)).status).toBe(401);
    for (const query of ['limit=0', 'limit=101', 'limit=x', 'cursor=%00', `q=${'x'.repeat(101)}`]) {
      expect((await send(`/api/funnels/${funnel.id}/leads?${query}`, { cookie: owner.cookie })).status, query).toBe(422);
    }
  });

  it('searches email and values, case-insensitively, with LIKE wildcards taken literally', async () => {
    const { funnel, page } = await funnelWithPage();
    const anna = await addLead(funnel.id, page.id, { email: 'anna@example.com', company: 'Roastery GmbH' });
    const ben = await addLead(funnel.id, page.id, { email: 'ben@shop.example', company: '100% Arabica_Co' });
    await addLead(funnel.id, page.id, { email: 'carl@example.org', company: 'Tea' });
    const search = async (q: string) =>
      (await json<LeadList>(await send(`/api/funnels/${funnel.id}/leads?q=${encodeURIComponent(q)}`, { cookie: owner.cookie }))).items.map((l) => l.id);
    expect(await search('ANNA@')).toEqual([anna]);
    expect(await search('roastery')).toEqual([anna]);
    expect(await search('100%')).toEqual([ben]);
    expect(await search('%')).toEqual([ben]);
    expect(await search('a_c')).toEqual([ben]);
    expect(await search('nobody')).toEqual([]);
    expect((await search('')).length).toBe(3);
    // Another funnel's leads never show up.
    const other = await funnelWithPage();
    await addLead(other.funnel.id, other.page.id, { email: 'anna@example.com' });
    expect(await search('anna')).toEqual([anna]);
  });

  it('deletes a lead for good (editors), audited without its data; 403 for viewers, 404 across funnels', async () => {
    const { funnel, page } = await funnelWithPage();
    const id = await addLead(funnel.id, page.id, { email: 'gdpr@example.com' });
    const other = await funnelWithPage();
    expect((await send(`/api/funnels/${funnel.id}/leads/${id}`, { method: 'DELETE', cookie: viewer.cookie })).status).toBe(403);
    expect((await send(`/api/funnels/${funnel.id}/leads/${id}`, { method: 'DELETE', cookie: outsider.cookie })).status).toBe(404);
    expect((await send(`/api/funnels/${other.funnel.id}/leads/${id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(404);
    expect((await send(`/api/funnels/${funnel.id}/leads/not-an-id`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(422);
    expect((await send(`/api/funnels/${funnel.id}/leads/${id}`, { method: 'DELETE', cookie: editor.cookie })).status).toBe(204);
    expect(await db().select().from(leads).where(eq(leads.id, id)).get()).toBeUndefined();
    expect((await send(`/api/funnels/${funnel.id}/leads/${id}`, { method: 'DELETE', cookie: editor.cookie })).status).toBe(404);
    const audit = await db().select().from(auditLog).where(eq(auditLog.targetId, id)).get();
    expect(audit).toMatchObject({ action: 'lead.delete', actorUserId: editor.id, details: null });
  });
});

describe('the CSV export', () => {
  it('escapes formulas and quotes cells (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csvCell('+49 30 123')).toBe("'+49 30 123");
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`);
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('')).toBe('');
  });

  it('streams every lead with a header of all field names, page, variant, UTM, referrer and time', async () => {
    const { funnel, page } = await funnelWithPage('offer');
    const thanks = await createFunnelPage(owner, funnel.id, { slug: 'thanks' });
    await addLead(funnel.id, page.id, { email: 'a@example.com', name: '=cmd|"/c calc"!A1' }, { utm: { ...NO_UTM, source: 'instagram', campaign: 'spring' } });
    await addLead(funnel.id, thanks.id, { email: 'b@example.com', consent: true, variant: 'x' }, { variant: 'b', referrer: 'l.instagram.com' });
    const response = await send(`/api/funnels/${funnel.id}/leads.csv`, { cookie: viewer.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="${funnel.name}-leads-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    expect(response.headers.get('cache-control')).toContain('no-store');
    const text = await rawText(response);
    expect(text.startsWith('\ufeff')).toBe(true);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toEqual([
      'email',
      'name',
      'consent',
      'field_variant',
      'page',
      'variant',
      'utm_source',
      'utm_medium',
      'utm_campaign',
      'utm_term',
      'utm_content',
      'referrer',
      'created_at',
    ]);
    expect(rows).toHaveLength(3);
    expect(rows[1]!.slice(0, 6)).toEqual(['b@example.com', '', 'yes', 'x', 'thanks', 'b']);
    expect(rows[1]![11]).toBe('l.instagram.com');
    expect(rows[2]!.slice(0, 7)).toEqual(['a@example.com', `'=cmd|"/c calc"!A1`, '', '', 'offer', 'a', 'instagram']);
    expect(rows[2]![8]).toBe('spring');
    expect((await send(`/api/funnels/${funnel.id}/leads.csv`, { cookie: outsider.cookie })).status).toBe(404);
  });

  it('pages through more leads than one query reads', async () => {
    const { funnel, page } = await funnelWithPage();
    const values = Array.from({ length: 1203 }, (_, i) => ({
      id: newId(),
      funnelId: funnel.id,
      pageId: page.id,
      projectId,
      variant: 'a' as const,
      data: { email: `bulk${i}@example.com` },
      email: `bulk${i}@example.com`,
      utm: NO_UTM,
      referrer: null,
      createdAt: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 3) * 1000),
    }));
    for (let i = 0; i < values.length; i += 10)
      await db()
        .insert(leads)
        .values(values.slice(i, i + 10));
    const rows = parseCsv((await rawText(await send(`/api/funnels/${funnel.id}/leads.csv`, { cookie: owner.cookie }))).slice(1));
    expect(rows).toHaveLength(1204);
    expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(1203);
  });

  it('is a header only for a funnel without leads', async () => {
    const { funnel } = await funnelWithPage();
    const text = await rawText(await send(`/api/funnels/${funnel.id}/leads.csv`, { cookie: owner.cookie }));
    expect(text).toBe('\ufeffpage,variant,utm_source,utm_medium,utm_campaign,utm_term,utm_content,referrer,created_at\r\n');
  });
});
