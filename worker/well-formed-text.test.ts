import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { CreativeDocument } from '#common/creative/document.ts';
import { createProject, createUser, uniqueEmail, uploadMedia } from '#worker/test/factories.ts';
import { png } from '#worker/test/files.ts';
import { send } from '#worker/test/http.ts';

/**
 * D1 stores a lone UTF-16 surrogate as invalid UTF-8 (bytes ED A0 80) and reads it back
 * as U+FFFD. Every text field makes its text well-formed before it is stored (a lone
 * surrogate becomes U+FFFD), one rule in the shared field schemas.
 */
const LONE = 'a\ud800b\udfffc';
const WELL_FORMED = 'a\ufffdb\ufffdc';

/** The column's bytes as D1 holds them, decoded strictly (throws on invalid UTF-8). */
async function storedText(query: string, ...params: unknown[]): Promise<string> {
  const row = await env.DB.prepare(query)
    .bind(...params)
    .first<{ h: string }>();
  if (!row) throw new Error(`no row for ${query}`);
  const bytes = new Uint8Array(row.h.match(/../g)!.map((pair) => parseInt(pair, 16)));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

const hasLoneSurrogate = (text: string) => /\p{Surrogate}/u.test(text);

describe('lone surrogates never reach D1', () => {
  it('in a creative’s name and its text layers (PATCH /api/creatives/{id})', async () => {
    const owner = await createUser();
    const project = await createProject(owner);
    const created = await send(`/api/projects/${project.id}/creatives`, { json: { template: 'bold-headline', format: 'square' }, cookie: owner.cookie });
    const creative = (await created.json()) as { id: string; document: CreativeDocument; revision: { number: number } };
    const document = structuredClone(creative.document);
    const text = document.layers.find((layer) => layer.type === 'text')!;
    text.text = `Hello ${LONE}`;
    const cta = document.layers.find((layer) => layer.type === 'cta');
    if (cta) cta.text = LONE;
    const response = await send(`/api/creatives/${creative.id}`, {
      method: 'PATCH',
      json: { name: LONE, document, baseRevision: creative.revision.number },
      cookie: owner.cookie,
    });
    expect(response.status).toBe(200);
    expect(await storedText('SELECT hex(name) AS h FROM creatives WHERE id = ?', creative.id)).toBe(WELL_FORMED);
    const layerText = await storedText(
      'SELECT hex(json_extract(document, ?)) AS h FROM creatives WHERE id = ?',
      `$.layers[${document.layers.indexOf(text)}].text`,
      creative.id,
    );
    expect(layerText).toBe(`Hello ${WELL_FORMED}`);
    const saved = JSON.parse(
      await storedText('SELECT hex(document) AS h FROM creative_revisions WHERE creative_id = ? ORDER BY number DESC', creative.id),
    ) as CreativeDocument;
    expect(saved.layers.some((layer) => 'text' in layer && hasLoneSurrogate(layer.text))).toBe(false);
  });

  it('in a user’s name, at sign-up and in the profile, and in the emails that carry it', async () => {
    const email = uniqueEmail('surrogate');
    const signup = await send('/api/auth/signup', {
      json: { email, password: 'correct horse battery', name: LONE },
      headers: { 'cf-connecting-ip': '192.0.2.150' },
    });
    expect(signup.status).toBe(201);
    const { id } = (await signup.json()) as { id: string };
    expect(await storedText('SELECT hex(name) AS h FROM users WHERE id = ?', id)).toBe(WELL_FORMED);

    const user = await createUser();
    expect((await send('/api/me', { method: 'PATCH', json: { name: `Z${LONE}` }, cookie: user.cookie })).status).toBe(200);
    expect(await storedText('SELECT hex(name) AS h FROM users WHERE id = ?', user.id)).toBe(`Z${WELL_FORMED}`);

    // The reset email greets the user by name.
    await send('/api/auth/password-reset', { json: { email }, headers: { 'cf-connecting-ip': '192.0.2.151' } });
    const body = await storedText(`SELECT hex(text_body) AS h FROM email_outbox WHERE to_address = ? AND kind = 'password_reset'`, email);
    expect(body).toContain(`Hi ${WELL_FORMED},`);
  });

  it('in a contact message, and in the outbox emails it sends', async () => {
    const email = uniqueEmail('contact');
    const response = await send('/api/contact', {
      json: { name: LONE, email, message: `Please help: ${LONE} ${LONE}` },
      headers: { 'cf-connecting-ip': '192.0.2.152' },
    });
    expect(response.status).toBe(201);
    expect(await storedText('SELECT hex(message) AS h FROM contact_messages WHERE email = ?', email)).toBe(`Please help: ${WELL_FORMED} ${WELL_FORMED}`);
    expect(await storedText('SELECT hex(name) AS h FROM contact_messages WHERE email = ?', email)).toBe(WELL_FORMED);
    const confirmation = await storedText(`SELECT hex(text_body) AS h FROM email_outbox WHERE to_address = ? AND kind = 'contact_confirmation'`, email);
    expect(confirmation).toContain(`> Please help: ${WELL_FORMED} ${WELL_FORMED}`);
    const notification = await storedText(
      `SELECT hex(subject) AS h FROM email_outbox WHERE kind = 'contact_notification' AND text_body LIKE '%' || ? || '%' ORDER BY created_at DESC`,
      email,
    );
    expect(notification).toBe(`Contact form: ${WELL_FORMED}`);
  });

  it('in projects, brand kits and media', async () => {
    const owner = await createUser();
    const created = await send('/api/projects', { json: { name: LONE, description: LONE }, cookie: owner.cookie });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect(await storedText('SELECT hex(name || description) AS h FROM projects WHERE id = ?', id)).toBe(WELL_FORMED + WELL_FORMED);
    const brandKit = { logoMediaId: null, colors: [], headingFont: 'inter', bodyFont: 'inter', tone: LONE };
    expect((await send(`/api/projects/${id}`, { method: 'PATCH', json: { brandKit }, cookie: owner.cookie })).status).toBe(200);
    expect(await storedText(`SELECT hex(json_extract(brand_kit, '$.tone')) AS h FROM projects WHERE id = ?`, id)).toBe(WELL_FORMED);

    const item = await uploadMedia(owner, id, png(8, 8, 5150));
    const patched = await send(`/api/media/${item.id}`, { method: 'PATCH', json: { name: LONE, alt: LONE, tags: [LONE] }, cookie: owner.cookie });
    expect(patched.status).toBe(200);
    expect(await storedText('SELECT hex(name || alt) AS h FROM media WHERE id = ?', item.id)).toBe(WELL_FORMED + WELL_FORMED);
    expect(await storedText(`SELECT hex(json_extract(tags, '$[0]')) AS h FROM media WHERE id = ?`, item.id)).toBe(WELL_FORMED);
  });
});
