import { beforeAll, describe, expect, it } from 'vitest';
import { blockSamples } from '#common/schemas/blocks-defaults.ts';
import type { Block } from '#common/schemas/blocks.ts';
import type { FunnelDetail } from '#common/schemas/funnels.ts';
import { viewBatching } from '#worker/features/funnels/analytics/service.ts';
import { createProject, createUser, type TestUser } from '#worker/test/factories.ts';
import { formBlock, pageDoc, seedFunnel, uniqueFunnelName } from '#worker/test/funnels-edge.ts';
import { send } from '#worker/test/http.ts';

/**
 * A funnel's own language (issue 28): its pages' words that Adloom adds (form messages,
 * countdown units, the "Sending…" state) and `<html lang>` follow the funnel, whatever the
 * visitor's browser says.
 */
const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
const countdown: Block = {
  id: 'sale',
  type: 'countdown',
  props: { ...blockSamples.countdown, heading: 'Sale', endsAt: '2099-01-01T12:00:00.000Z', expiredText: '' },
};

let owner: TestUser;
let projectId: string;
beforeAll(async () => {
  viewBatching.delayMs = 0;
  owner = await createUser();
  projectId = (await createProject(owner)).id;
});

const visit = (path: string, language = 'en-GB,en;q=0.9') => send(path, { headers: { 'user-agent': BROWSER, 'accept-language': language } });

describe('a funnel’s language', () => {
  it('starts as the project’s, and is changed by an editor (422 for a language Adloom does not speak)', async () => {
    const created = await send(`/api/projects/${projectId}/funnels`, { json: { name: uniqueFunnelName('lang'), title: 'Frühling' }, cookie: owner.cookie });
    expect(created.status).toBe(201);
    const funnel = (await created.json()) as FunnelDetail;
    expect(funnel.locale).toBe('en');
    const changed = await send(`/api/funnels/${funnel.id}`, { method: 'PATCH', json: { locale: 'de' }, cookie: owner.cookie });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as FunnelDetail).locale).toBe('de');
    const french = await send(`/api/funnels/${funnel.id}`, { method: 'PATCH', json: { locale: 'fr' }, cookie: owner.cookie });
    expect([french.status, ((await french.json()) as { error: { details: Record<string, string[]> } }).error.details]).toEqual([
      422,
      { locale: ['Pick English or German.'] },
    ]);
    const german = await send(`/api/projects/${projectId}/funnels`, {
      json: { name: uniqueFunnelName('lang'), title: 'Herbst', locale: 'de' },
      cookie: owner.cookie,
    });
    expect(((await german.json()) as FunnelDetail).locale).toBe('de');
  });

  it('renders a German funnel’s page in German for an English browser: lang, countdown, form and its sending state', async () => {
    const funnel = await seedFunnel(projectId, { locale: 'de', pages: [{ slug: 'angebot', a: pageDoc([countdown, formBlock()]) }] });
    const html = await (await visit(`/p/${funnel.name}/angebot`)).text();
    expect(html).toMatch(/^<!doctype html><html lang="de">/);
    for (const word of ['>Tage<', '>Stunden<', '>Minuten<', 'Bitte wählen …', 'data-fp-sending="Wird gesendet …"']) expect(html).toContain(word);
    expect(html.replace(/<[^>]+>/g, '')).toContain('Endet am 1. Januar 2099 um 12:00 UTC');
    expect(html).not.toContain('Choose…');
    expect(html).not.toContain('>Days<');
  });

  it('keeps an English funnel in English for a German browser', async () => {
    const funnel = await seedFunnel(projectId, { pages: [{ slug: 'offer', a: pageDoc([countdown, formBlock()]) }] });
    const html = await (await visit(`/p/${funnel.name}/offer`, 'de-DE,de;q=0.9')).text();
    expect(html).toMatch(/^<!doctype html><html lang="en">/);
    for (const word of ['>Days<', 'Choose…', 'data-fp-sending="Sending…"']) expect(html).toContain(word);
    expect(html.replace(/<[^>]+>/g, '')).toContain('Ends 1 January 2099 at 12:00 UTC');
  });

  it('tells a German funnel’s visitor what to fix in German (422 with the page)', async () => {
    const funnel = await seedFunnel(projectId, { locale: 'de', pages: [{ slug: 'angebot', a: pageDoc([formBlock()]) }] });
    const response = await send(`/p/${funnel.name}/angebot`, {
      form: { formId: 'signup', name: 'Dana', email: 'keine-adresse', consent: '' },
      headers: { 'user-agent': BROWSER, 'accept-language': 'en' },
    });
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain('Bitte korrigieren Sie die markierten Felder.');
    expect(html).toContain('Bitte geben Sie eine gültige E-Mail-Adresse ein, z. B. name@example.com.');
    expect(html).toContain('Bitte setzen Sie das Häkchen, um fortzufahren.');
  });

  it('answers in the new language at once after it is changed (the cached copies go)', async () => {
    const funnel = await seedFunnel(projectId, { pages: [{ slug: 'offer', a: pageDoc([formBlock()]) }] });
    expect(await (await visit(`/p/${funnel.name}/offer`)).text()).toMatch(/^<!doctype html><html lang="en">/);
    const changed = await send(`/api/funnels/${funnel.id}`, { method: 'PATCH', json: { locale: 'de' }, cookie: owner.cookie });
    expect(changed.status).toBe(200);
    const html = await (await visit(`/p/${funnel.name}/offer`)).text();
    expect(html).toMatch(/^<!doctype html><html lang="de">/);
    expect(html).toContain('Bitte wählen …');
  });

  it('answers a German funnel’s missing and unpublished pages with a German 404 (lang="de"), an English one’s in English', async () => {
    const german = await seedFunnel(projectId, {
      locale: 'de',
      pages: [
        { slug: 'angebot', a: pageDoc([formBlock()]) },
        { slug: 'entwurf', a: pageDoc([formBlock()]), published: false },
      ],
    });
    for (const path of [`/p/${german.name}/gibt-es-nicht`, `/p/${german.name}/entwurf`]) {
      const response = await visit(path);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html, path).toMatch(/^<!doctype html><html lang="de">/);
      expect(html, path).toContain('<title>Seite nicht gefunden</title>');
      expect(html, path).toContain('Diese Seite existiert nicht</h1>');
      expect(html, path).not.toContain('This page does not exist');
    }
    const english = await seedFunnel(projectId, { pages: [{ slug: 'offer', a: pageDoc([formBlock()]) }] });
    const html = await (await visit(`/p/${english.name}/missing`, 'de-DE,de;q=0.9')).text();
    expect(html).toMatch(/^<!doctype html><html lang="en">/);
    expect(html).toContain('This page does not exist</h1>');
    // No funnel at the address: no customer language to follow.
    expect(await (await visit('/p/no-such-funnel-at-all/start', 'de-DE')).text()).toMatch(/^<!doctype html><html lang="en">/);
  });

  it('answers a German funnel’s custom domain with a German 404 and its link to the start page', async () => {
    const domain = `${uniqueFunnelName('laden')}.example.com`;
    await seedFunnel(projectId, { locale: 'de', customDomain: domain, pages: [{ slug: 'start', a: pageDoc([formBlock()]) }] });
    const response = await send('/gibt-es-nicht', { headers: { host: domain, 'user-agent': BROWSER, 'accept-language': 'en' } });
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toMatch(/^<!doctype html><html lang="de">/);
    expect(html).toContain('>Zur Startseite</a>');
  });

  it('tells a German funnel’s visitor about too many submissions in German (429 with the page)', async () => {
    const funnel = await seedFunnel(projectId, { locale: 'de', pages: [{ slug: 'angebot', a: pageDoc([formBlock()]) }] });
    const post = () =>
      send(`/p/${funnel.name}/angebot`, {
        form: { formId: 'signup', name: 'Dana', email: 'dana@example.com', consent: 'on' },
        headers: { 'user-agent': BROWSER, 'accept-language': 'en', 'cf-connecting-ip': '192.0.2.199' },
      });
    for (let i = 0; i < 10; i++) expect((await post()).status).toBe(303);
    const refused = await post();
    expect(refused.status).toBe(429);
    const html = await refused.text();
    expect(html).toMatch(/^<!doctype html><html lang="de">/);
    expect(html).toMatch(/Zu viele Versuche\. Bitte versuchen Sie es in \d+ Minuten? erneut\./);
    expect(html).not.toContain('Too many attempts');
  });
});
