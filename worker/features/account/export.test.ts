import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { getDb } from '#worker/db/client.ts';
import { creations, media, projectMembers } from '#worker/db/schema.ts';
import { newId } from '#worker/lib/ids.ts';
import { createProject, createUser, latestMail, uploadMedia } from '#worker/test/factories.ts';
import { png } from '#worker/test/files.ts';
import { send } from '#worker/test/http.ts';

async function unzip(response: Response): Promise<Record<string, Uint8Array>> {
  return unzipSync(new Uint8Array(await response.arrayBuffer()));
}

function fileIn(files: Record<string, Uint8Array>, pattern: RegExp): [string, Uint8Array] {
  const found = Object.entries(files).find(([name]) => pattern.test(name));
  if (!found) throw new Error(`no file matches ${pattern}: ${Object.keys(files).join(', ')}`);
  return found;
}

describe('GET /api/me/export', () => {
  it('needs a session', async () => {
    const response = await send('/api/me/export');
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('unauthenticated');
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

    const response = await send('/api/me/export', { cookie: owner.cookie });
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

  it('leaves out a file whose R2 object is gone instead of failing the archive', async () => {
    const owner = await createUser();
    const project = await createProject(owner, {}, 'Gone Files');
    const kept = await uploadMedia(owner, project.id, png(4, 4, 1), 'kept.png');
    const lost = await uploadMedia(owner, project.id, png(4, 4, 2), 'lost.png');
    const row = await getDb(env.DB).select().from(media).where(eq(media.id, lost.id)).get();
    await env.MEDIA.delete(row!.r2Key);
    const files = await unzip(await send('/api/me/export', { cookie: owner.cookie }));
    expect(Object.keys(files).some((n) => n.endsWith('kept.png'))).toBe(true);
    expect(Object.keys(files).some((n) => n.endsWith('lost.png'))).toBe(false);
    expect(kept.id).toBeTruthy();
  });

  it('is rate limited per user: a fourth export within the hour gets 429 with Retry-After', async () => {
    const user = await createUser();
    for (let i = 0; i < 3; i += 1) {
      const ok = await send('/api/me/export', { cookie: user.cookie });
      expect(ok.status).toBe(200);
      await ok.arrayBuffer();
    }
    const limited = await send('/api/me/export', { cookie: user.cookie });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Someone else is not affected.
    const other = await createUser();
    const theirs = await send('/api/me/export', { cookie: other.cookie });
    expect(theirs.status).toBe(200);
    await theirs.arrayBuffer();
  });
});
