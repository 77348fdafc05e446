import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { presentationDocumentSchema, type Presentation } from '#common/schemas/presentations.ts';
import { documentOf } from '#worker/features/presentations/rules.ts';
import type { TestUser } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';
import { createAgencyUser, createPresentation, documentFor } from '#worker/test/presentations.ts';

/**
 * A presentation's own language (issue 28): its words, `<html lang>` and cards follow the
 * presentation's document (`locale`), whatever the visitor's browser says; documents saved
 * before it existed read as English.
 */
const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

let author: TestUser;
beforeAll(async () => {
  author = await createAgencyUser('Dana Autorin');
});

const visit = (path: string, language: string, ip = '203.0.113.90') =>
  send(path, { headers: { 'user-agent': BROWSER, 'accept-language': language, 'cf-connecting-ip': ip } });

type ErrorBody = { error: { code: string; details?: Record<string, string[]> } };

describe('a presentation’s language', () => {
  it('reads an older document without one as English', () => {
    const { locale: _, ...old } = documentFor('Old Orchard');
    expect(z.parse(presentationDocumentSchema, old).locale).toBe('en');
    expect(documentOf({ document: old, customerName: 'Old Orchard' }).locale).toBe('en');
    expect(z.safeParse(presentationDocumentSchema, { ...old, locale: 'fr' }).success).toBe(false);
  });

  it('is saved with the document, and a language Adloom does not speak is refused', async () => {
    const p = await createPresentation(author, { customerName: 'Bäckerei Sonne', publish: false });
    expect(p.document.locale).toBe('en');
    const saved = await send(`/api/presentations/${p.id}`, {
      method: 'PATCH',
      json: { baseRevision: p.revision, document: { ...p.document, locale: 'de' } },
      cookie: author.cookie,
    });
    expect(saved.status).toBe(200);
    const after = (await saved.json()) as Presentation;
    expect(after.document.locale).toBe('de');
    const again = (await (await send(`/api/presentations/${p.id}`, { cookie: author.cookie })).json()) as Presentation;
    expect(again.document.locale).toBe('de');

    const french = await send(`/api/presentations/${p.id}`, {
      method: 'PATCH',
      json: { baseRevision: after.revision, document: { ...after.document, locale: 'fr' } },
      cookie: author.cookie,
    });
    // The API's status for a refused input (validation_failed), as for a funnel's language.
    expect(french.status).toBe(422);
    const body = (await french.json()) as ErrorBody;
    expect(body.error.code).toBe('validation_failed');
    expect(Object.keys(body.error.details ?? {}).some((key) => key.includes('locale'))).toBe(true);
  });

  it('renders a German presentation in German for an English browser: lang, footer, description', async () => {
    const p = await createPresentation(author, { customerName: 'Bäckerei Sonne', document: { ...documentFor('Bäckerei Sonne'), locale: 'de' } });
    const html = await (await visit(`/presents/${p.slug}`, 'en-GB,en;q=0.9')).text();
    expect(html).toMatch(/^<!doctype html><html lang="de">/);
    expect(html).toContain('Erstellt für Bäckerei Sonne von Dana Autorin. Gemacht mit Adloom.');
    expect(html).toContain('Eine Präsentation für Bäckerei Sonne von Dana Autorin.');
    expect(html).not.toContain('Made with Adloom');
  });

  it('keeps an English presentation in English for a German browser', async () => {
    const p = await createPresentation(author, { customerName: 'Harbour Bakery' });
    const html = await (await visit(`/presents/${p.slug}`, 'de-DE,de;q=0.9')).text();
    expect(html).toMatch(/^<!doctype html><html lang="en">/);
    expect(html).toContain('Prepared for Harbour Bakery by Dana Autorin. Made with Adloom.');
    expect(html).not.toContain('Gemacht mit Adloom');
  });

  it('asks for a German presentation’s password in German, and says a wrong one in German', async () => {
    const p = await createPresentation(author, {
      customerName: 'Hotel Fjord',
      password: 'geheim und sicher 1',
      document: { ...documentFor('Hotel Fjord'), locale: 'de' },
    });
    const form = await (await visit(`/presents/${p.slug}`, 'en')).text();
    expect(form).toMatch(/<html lang="de">/);
    expect(form).toContain('Diese Präsentation ist geschützt');
    expect(form).toContain('>Präsentation öffnen</button>');
    const wrong = await send(`/presents/${p.slug}/unlock`, {
      form: { password: 'falsch' },
      headers: { 'cf-connecting-ip': '203.0.113.91', 'accept-language': 'en' },
    });
    expect(wrong.status).toBe(422);
    expect(await wrong.text()).toContain('Das Passwort ist nicht richtig.');
  });

  it('answers an unknown address in the visitor’s language', async () => {
    const german = await visit('/presents/gibt-es-nicht', 'de-DE,de;q=0.9');
    expect(german.status).toBe(404);
    const html = await german.text();
    expect(html).toMatch(/<html lang="de">/);
    expect(html).toContain('Diese Präsentation gibt es nicht');
    expect(await (await visit('/presents/does-not-exist', 'en')).text()).toContain('This presentation does not exist');
  });
});
