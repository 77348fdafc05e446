import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_OPERATOR, OPERATOR_VARS, type Operator } from '#worker/lib/operator.ts';
import { ORIGIN, send } from '#worker/test/http.ts';

/** A real-looking operator whose every detail needs escaping: the pages must show it as text, never as markup. */
const OPERATOR: Operator = {
  OPERATOR_NAME: 'Muster & Söhne <Media> GmbH',
  OPERATOR_ADDRESS: 'Hauptstraße 5 "Hinterhaus", 80331 München',
  OPERATOR_EMAIL: 'kontakt@muster-medien.test',
  OPERATOR_REPRESENTATIVE: 'Max <Muster> & Erika Muster',
  OPERATOR_PHONE: '+49 89 1234 & 5678',
  OPERATOR_REGISTER: 'Amtsgericht München, HRB <123456>',
  OPERATOR_VAT_ID: "DE123456789 'x'",
  OPERATOR_CONTENT_RESPONSIBLE: 'Erika Muster, Hauptstraße 5 <b>, 80331 München',
};
const escaped = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

const LEGAL = [
  { en: '/imprint', de: '/de/imprint', title: 'Impressum' },
  { en: '/privacy', de: '/de/privacy', title: 'Datenschutzerklärung' },
  { en: '/terms', de: '/de/terms', title: 'Nutzungsbedingungen' },
  { en: '/tech-provider', de: '/de/tech-provider', title: 'Adloom als Meta Tech Provider' },
];

describe('the legal pages in German', () => {
  it('every German legal page fills the operator’s details, escaped', async () => {
    for (const { de } of LEGAL) {
      const html = await (await send(de, { env: OPERATOR })).text();
      expect(html, de).toContain(escaped(OPERATOR.OPERATOR_NAME));
      expect(html, de).not.toMatch(/\{\{|%7B%7B|<Media>/);
    }
  });

  it('wrangler.toml ships exactly the example values /test recognises (EXAMPLE_OPERATOR)', () => {
    for (const name of OPERATOR_VARS) expect(env[name], name).toBe(EXAMPLE_OPERATOR[name]);
  });

  it.each(LEGAL)('$de answers 200 in German and is paired with $en (hreflang both ways)', async ({ en, de, title }) => {
    const response = await send(de);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/^<!doctype html><html lang="de">/);
    expect(html).toContain(`<h1>${title}</h1>`);
    const pair = [
      `<link rel="alternate" hreflang="en" href="${ORIGIN}${en}">`,
      `<link rel="alternate" hreflang="de" href="${ORIGIN}${de}">`,
      `<link rel="alternate" hreflang="x-default" href="${ORIGIN}${en}">`,
    ].join('');
    expect(html).toContain(pair);
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}${de}">`);
    expect(html).toContain(`<a href="${en}" hreflang="en" lang="en">English version</a>`);
    const english = await (await send(en)).text();
    expect(english).toMatch(/^<!doctype html><html lang="en">/);
    expect(english).toContain(pair);
    expect(english).toContain(`<a href="${de}" hreflang="de" lang="de">Deutsche Fassung</a>`);
  });

  it('the Impressum names every § 5 DDG detail from the configuration, escaped, in both languages', async () => {
    const german = await (await send('/de/imprint', { env: OPERATOR })).text();
    const english = await (await send('/imprint', { env: OPERATOR })).text();
    for (const html of [german, english]) {
      for (const name of OPERATOR_VARS) expect(html, name).toContain(escaped(OPERATOR[name]));
      expect(html).not.toMatch(/\{\{|%7B%7B|<Media>|<Muster>|<123456>|<b>/);
      expect(html).toContain(`href="mailto:${OPERATOR.OPERATOR_EMAIL}"`);
      expect(html).toContain('href="/contact"');
      expect(html).toContain('§ 36 VSBG');
      expect(html).not.toMatch(/ec\.europa\.eu\/consumers\/odr|OS-Plattform/);
    }
    for (const label of ['Vertreten durch: ', 'Handelsregister: ', 'Umsatzsteuer-Identifikationsnummer gemäß § 27a UStG: ', 'Telefon: ', 'E-Mail: '])
      expect(german).toContain(label);
    expect(german).toContain('§ 18 Abs. 2 MStV');
    expect(german).toContain('Angaben gemäß § 5 DDG');
  });

  it('leaves out the optional details an operator does not have, and no label without a value', async () => {
    const none = { OPERATOR_REPRESENTATIVE: '', OPERATOR_PHONE: ' ', OPERATOR_REGISTER: '', OPERATOR_VAT_ID: '' };
    const german = await (await send('/de/imprint', { env: { ...OPERATOR, ...none } })).text();
    for (const label of ['Vertreten durch', 'Handelsregister', 'Umsatzsteuer-Identifikationsnummer', 'Telefon']) expect(german).not.toContain(label);
    expect(german).toContain(`<strong>${escaped(OPERATOR.OPERATOR_NAME)}</strong><br>${escaped(OPERATOR.OPERATOR_ADDRESS)}</p>`);
    expect(german).toContain('Kontaktformular');
    const english = await (await send('/imprint', { env: { ...OPERATOR, ...none } })).text();
    for (const label of ['Represented by', 'Commercial register', 'VAT identification number', 'Phone:']) expect(english).not.toContain(label);
  });

  it('the Datenschutzerklärung names the operator, the cookies the code sets and the processors', async () => {
    const html = await (await send('/de/privacy', { env: OPERATOR })).text();
    expect(html).toContain(escaped(OPERATOR.OPERATOR_NAME));
    expect(html).toContain(`href="mailto:${OPERATOR.OPERATOR_EMAIL}"`);
    for (const cookie of ['adloom_session', 'adloom_d1', 'lang', 'adloom_ref']) expect(html).toContain(`<code>${cookie}</code>`);
    for (const processor of ['Cloudflare', 'Resend', 'Stripe', 'Sentry', 'Meta']) expect(html).toContain(`<strong>${processor}</strong>`);
    for (const article of ['Art. 6 Abs. 1 lit. b', 'Art. 6 Abs. 1 lit. c', 'Art. 6 Abs. 1 lit. f', 'Art. 15', 'Art. 21', 'Art. 77', 'Data Privacy Framework'])
      expect(html).toContain(article);
  });
});
