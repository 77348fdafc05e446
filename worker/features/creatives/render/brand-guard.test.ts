import { describe, expect, it } from 'vitest';
import type { CreativeDocument } from '#common/creative/document.ts';
import type { CreationItem, CreativeDetail } from '#common/schemas/creatives.ts';
import type { BrandKit, ProjectDetail } from '#common/schemas/projects.ts';
import { createProject, createUser } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';
import { balance, createCreative, creationRows, json, patch, render, setBrandKit, team, type ErrorBody } from '#worker/test/creatives.ts';

/** Issue 29 §7: a strict brand guard blocks renders of creatives with colours or fonts outside the kit. */
const RENDERING = { timeout: 60_000 };

const setStrict = (user: { cookie: string } | undefined, projectId: string, strict: unknown) =>
  send(`/api/projects/${projectId}`, { method: 'PATCH', json: { brandGuardStrict: strict }, cookie: user?.cookie });

/** The creative with its headline in an off-brand colour and font. */
function offBrand(doc: CreativeDocument): CreativeDocument {
  return { ...doc, layers: doc.layers.map((l) => (l.id === 'headline' && l.type === 'text' ? { ...l, color: '#22c55e', font: 'caveat' } : l)) };
}

describe('the brand guard’s strict setting', () => {
  it('is the owner’s to set: editors and viewers get 403, other tenants 404, and an editor’s kit keeps it', async () => {
    const { owner, editor, viewer, outsider, project } = await team();
    for (const member of [editor, viewer]) {
      const refused = await setStrict(member, project.id, true);
      expect(refused.status).toBe(403);
      expect((await json<ErrorBody>(refused)).error.code).toBe('forbidden');
    }
    expect((await setStrict(outsider, project.id, true)).status).toBe(404);
    // Another tenant's owner cannot reach this project through their own.
    const other = await createUser();
    await createProject(other);
    expect((await setStrict(other, project.id, true)).status).toBe(404);
    expect((await setStrict(owner, project.id, 'yes')).status).toBe(422);

    const made = await setStrict(owner, project.id, true);
    expect(made.status).toBe(200);
    expect((await json<ProjectDetail>(made)).brandKit.strict).toBe(true);
    // An editor changes the colours; the guard stays strict (the kit's input cannot carry it).
    const kit = await setBrandKit(editor, project.id, { colors: ['#1f3a5f'], strict: false } as Partial<BrandKit>);
    expect(kit).toMatchObject({ colors: ['#1f3a5f'], strict: true });

    const undone = await json<ProjectDetail>(await setStrict(owner, project.id, false));
    expect(undone.brandKit.strict).toBeUndefined();
    expect(undone.brandKit.colors).toEqual(['#1f3a5f']);
  });
});

describe('rendering under the brand guard', RENDERING, () => {
  it('strict: refuses an off-brand creative before charging (422 off_brand, in German for a German account), renders it once fixed', async () => {
    const { owner, editor, project } = await team();
    await setBrandKit(owner, project.id, { colors: ['#1f3a5f', '#f4a261'], headingFont: 'poppins', bodyFont: 'lora' });
    expect((await setStrict(owner, project.id, true)).status).toBe(200);
    const creative = await createCreative(owner, project.id, { template: 'bold-headline', format: 'square' });
    // A template made for the kit is on-brand: it renders.
    expect((await render(editor, creative.id)).status).toBe(201);

    expect((await patch(editor, creative.id, { document: offBrand(creative.document) })).status).toBe(200);
    const before = await balance(editor);
    const refused = await render(editor, creative.id);
    expect(refused.status).toBe(422);
    const body = await json<ErrorBody>(refused);
    expect(body.error).toMatchObject({ code: 'off_brand', message: expect.stringContaining('brand guard is strict') });
    expect(body.error.details?.brandGuard).toEqual(['headline:font', 'headline:color']);
    expect(await balance(editor)).toBe(before);
    expect(await creationRows(creative.id)).toHaveLength(1);

    expect((await send('/api/me', { method: 'PATCH', json: { locale: 'de' }, cookie: editor.cookie })).status).toBe(200);
    const german = await json<ErrorBody>(await render(editor, creative.id));
    expect(german.error.message).toBe('Die Markenprüfung dieses Projekts ist streng: Verwenden Sie vor dem Rendering die Farben und Schriften des Markenkits.');

    // Fixed (the brand's font, a brand colour): it renders.
    const current = await json<CreativeDetail>(await send(`/api/creatives/${creative.id}`, { cookie: owner.cookie }));
    const fixed = {
      ...current.document,
      layers: current.document.layers.map((l) => (l.id === 'headline' && l.type === 'text' ? { ...l, color: '#f4a261', font: 'poppins' as const } : l)),
    };
    expect((await patch(editor, creative.id, { document: fixed })).status).toBe(200);
    const rendered = await render(editor, creative.id);
    expect(rendered.status).toBe(201);
    expect((await json<CreationItem>(rendered)).creativeId).toBe(creative.id);
  });

  it('not strict: the same off-brand creative renders (the guard only warns)', async () => {
    const { owner, project } = await team();
    await setBrandKit(owner, project.id, { colors: ['#1f3a5f', '#f4a261'], headingFont: 'poppins', bodyFont: 'lora' });
    const creative = await createCreative(owner, project.id, { template: 'bold-headline', format: 'square' });
    expect((await patch(owner, creative.id, { document: offBrand(creative.document) })).status).toBe(200);
    expect((await render(owner, creative.id)).status).toBe(201);
  });

  it('strict with every format at once: each off-brand format is reported failed, nothing charged', async () => {
    const { owner, project } = await team();
    await setBrandKit(owner, project.id, { colors: ['#1f3a5f'] });
    await setStrict(owner, project.id, true);
    const creative = await createCreative(owner, project.id, { template: 'bold-headline', format: 'square' });
    expect((await patch(owner, creative.id, { document: offBrand(creative.document) })).status).toBe(200);
    const before = await balance(owner);
    const response = await send(`/api/creatives/${creative.id}/render-all`, { json: { formats: ['square'] }, cookie: owner.cookie });
    expect(response.status).toBe(422);
    expect((await json<ErrorBody>(response)).error.code).toBe('off_brand');
    expect(await balance(owner)).toBe(before);
  });
});
