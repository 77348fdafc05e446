import fc from 'fast-check';
import { concatBytes } from '#worker/lib/body.ts';
import { isApiPath } from '#worker/lib/request-meta.ts';
import type { RegisteredRoute } from '#worker/test/routes.ts';
import { fieldText, hostileJson, hostileString, percentEncode, schemaFields, shapedJson, type IdHints } from '#worker/reliability/arbitraries.ts';
import { worldIdFor, worldIdForField, type World } from '#worker/reliability/world.ts';

/** One generated request: where, with which headers and body. */
export interface FuzzCase {
  path: string;
  /** The cookie an anonymous send carries: none, or a session cookie that is garbage. */
  anonymousCookie?: string;
  headers: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
  /** What kind of body this is, for the report. */
  kind: string;
}

/** What a route reads, from its `validate()` middlewares (worker/lib/validate.ts). */
export function inputsOf(route: RegisteredRoute) {
  const of = (target: string) => route.validations.find((v) => v.target === target)?.schema;
  return { json: of('json'), form: of('form'), query: of('query'), param: of('param') };
}

/** Whether the route takes a JSON body (the "JSON route"), an HTML form, or reads its body itself. */
export function bodyKind(route: RegisteredRoute): 'none' | 'json' | 'form' | 'raw' {
  if (route.method === 'GET' || route.method === 'HEAD') return 'none';
  const inputs = inputsOf(route);
  if (inputs.json) return 'json';
  // The HTML side posts forms (login, contact, funnel lead forms, preview reviews, the sandbox checkout), parsed by validate('form') or by the route itself.
  if (inputs.form || (!isApiPath(route.path) && route.path !== '/monitoring')) return 'form';
  return 'raw';
}

const encoder = new TextEncoder();
const bytes = (...values: number[]) => new Uint8Array(values);

// ---- path --------------------------------------------------------------------------------

/** A path segment that is hostile once in the URL: percent-encoded nastiness, or raw bad escapes. */
const hostileSegment = fc.oneof(
  { arbitrary: hostileString.filter((s) => s.length > 0 && s.length < 3000).map(percentEncode), weight: 3 },
  {
    arbitrary: fc.constantFrom('%', '%ZZ', '%E0%A4%A', '%ED%A0%80', '%C3%28', '%00', '..', '.', '%2e%2e', '%2F', 'a%2Fb', '%25', '%u0041', ' ', '%20'),
    weight: 2,
  },
  { arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{1,80}$/), weight: 2 },
);

/** The route's path with each parameter filled: the world's id most of the time, something hostile otherwise. */
function pathArbitrary(route: RegisteredRoute, world: World): fc.Arbitrary<string> {
  const parts = route.path.split('/').map((segment): fc.Arbitrary<string> => {
    if (segment === '*') return fc.oneof(fc.constant('x.js'), hostileSegment);
    const param = /^:([A-Za-z0-9_]+)(?:\{(.+)\})?$/.exec(segment);
    if (!param) return fc.constant(segment);
    const [, name, pattern] = param as unknown as [string, string, string | undefined];
    const known = worldIdFor(world, name, route.path, route.access);
    const options: fc.WeightedArbitrary<string>[] = [{ arbitrary: hostileSegment, weight: 2 }];
    if (known) options.push({ arbitrary: fc.constant(known), weight: 7 });
    if (pattern) options.push({ arbitrary: fc.stringMatching(new RegExp(`^(?:${pattern})$`)).filter((s) => s.length < 200), weight: 3 });
    else options.push({ arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{16,40}$/), weight: 1 });
    return fc.oneof(...options);
  });
  return fc.tuple(...parts).map((segments) => segments.join('/') || '/');
}

// ---- query -------------------------------------------------------------------------------

const COMMON_QUERY_KEYS = [
  'filename',
  'cursor',
  'limit',
  'q',
  'next',
  'ref',
  'expires',
  'sig',
  'code',
  'state',
  'days',
  'format',
  'projectId',
  'status',
  'archived',
];

function queryArbitrary(route: RegisteredRoute): fc.Arbitrary<string> {
  const fields = schemaFields(inputsOf(route).query);
  const keys = [...new Set([...Object.keys(fields), ...COMMON_QUERY_KEYS])];
  // The schema's own keys, each there most of the time (an upload needs its ?filename=): random
  // keys alone would rarely name the one a route requires.
  const own = fc
    .tuple(
      ...Object.keys(fields).map((key) =>
        fc.option(
          fieldText(fields[key]).map((value) => `${percentEncode(key)}=${percentEncode(value)}`),
          { freq: 4 },
        ),
      ),
    )
    .map((pairs) => pairs.filter((p): p is string => p !== null));
  const pair = fc.oneof(
    { arbitrary: fc.constantFrom(...keys).chain((key) => fieldText(fields[key]).map((value) => `${percentEncode(key)}=${percentEncode(value)}`)), weight: 6 },
    { arbitrary: fc.tuple(hostileString, hostileString).map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`), weight: 1 },
    // Raw: bad percent escapes, keys without values, repeated separators.
    {
      arbitrary: fc.constantFrom('%', 'a=%ZZ', '%ED%A0%80=1', 'limit=%C3%28', '=', '&&', 'limit', 'limit=1&limit=2', '__proto__=1', 'constructor[prototype]=1'),
      weight: 1,
    },
  );
  const query = (pairs: string[]) => (pairs.length ? `?${pairs.join('&')}` : '');
  return fc.oneof(
    { arbitrary: fc.constant(''), weight: 1 },
    { arbitrary: fc.array(pair, { minLength: 1, maxLength: 5 }).map(query), weight: 2 },
    { arbitrary: fc.tuple(own, fc.array(pair, { maxLength: 2 })).map(([mine, more]) => query([...mine, ...more])), weight: Object.keys(fields).length ? 4 : 0 },
  );
}

// ---- bodies ------------------------------------------------------------------------------

interface Body {
  kind: string;
  contentType?: string;
  body?: string | Uint8Array<ArrayBuffer>;
}

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'application/vnd.adloom+json', 'APPLICATION/JSON'];

/** Bodies no JSON parser should accept, and JSON under the wrong type. */
const brokenJson: fc.Arbitrary<Body> = fc.oneof(
  fc.constantFrom<Body>(
    { kind: 'json:empty', contentType: 'application/json', body: '' },
    { kind: 'json:truncated', contentType: 'application/json', body: '{"name":' },
    { kind: 'json:single-quotes', contentType: 'application/json', body: "{'name':'x'}" },
    { kind: 'json:trailing-comma', contentType: 'application/json', body: '[1,]' },
    { kind: 'json:undefined', contentType: 'application/json', body: 'undefined' },
    { kind: 'json:bom', contentType: 'application/json', body: '\ufeff{}' },
    { kind: 'json:nul', contentType: 'application/json', body: '{"a":"\u0000"}\u0000' },
    { kind: 'json:invalid-utf8', contentType: 'application/json', body: bytes(0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d) },
    { kind: 'json:utf16', contentType: 'application/json; charset=utf-16', body: bytes(0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00) },
    { kind: 'json:surrogate-bytes', contentType: 'application/json', body: bytes(0x22, 0xed, 0xa0, 0x80, 0x22) },
    { kind: 'json:no-type', body: '{}' },
    { kind: 'json:as-text', contentType: 'text/plain', body: '{}' },
    { kind: 'json:as-form', contentType: 'application/x-www-form-urlencoded', body: '{}' },
    { kind: 'json:as-multipart', contentType: 'multipart/form-data', body: '{}' },
    { kind: 'json:oversize', contentType: 'application/json', body: `{"name":"${'a'.repeat(1024 * 1024 + 10)}"}` },
  ),
  fc.uint8Array({ maxLength: 64 }).map((raw): Body => ({ kind: 'json:random-bytes', contentType: 'application/json', body: new Uint8Array(raw) })),
);

function jsonBody(schema: unknown, hints: IdHints): fc.Arbitrary<Body> {
  const keys = Object.keys(schemaFields(schema));
  return fc.oneof(
    {
      arbitrary: fc
        .tuple(shapedJson(schema, 0, hints), fc.constantFrom(...JSON_TYPES))
        .map(([body, contentType]) => ({ kind: 'json:shaped', contentType, body })),
      weight: 12,
    },
    { arbitrary: hostileJson(keys).map((body) => ({ kind: 'json:hostile', contentType: 'application/json', body })), weight: 4 },
    { arbitrary: brokenJson, weight: 1 },
  );
}

/** Form fields: the schema's, mostly well-shaped, plus prototype and unknown names. */
function formFields(schema: unknown): fc.Arbitrary<[string, string][]> {
  const fields = schemaFields(schema);
  const names = Object.keys(fields);
  const known = names.map((name) =>
    fc.option(
      fieldText(fields[name]).map((value): [string, string] => [name, value]),
      { nil: undefined, freq: 5 },
    ),
  );
  const extra = fc.array(
    fc.tuple(
      fc.oneof(fc.constantFrom('__proto__', 'constructor', 'toString', 'website', '_honeypot', ...(names.length ? names : ['name'])), hostileString),
      hostileString,
    ),
    { maxLength: 3 },
  );
  return fc.tuple(fc.tuple(...known), extra).map(([given, more]) => [...given.filter((f): f is [string, string] => f !== undefined), ...more]);
}

function multipart(fields: [string, string][], boundary: string, options: { file?: boolean; close?: boolean; newline?: string } = {}): string {
  const nl = options.newline ?? '\r\n';
  let out = '';
  for (const [name, value] of fields) out += `--${boundary}${nl}Content-Disposition: form-data; name="${name.replace(/"/g, '%22')}"${nl}${nl}${value}${nl}`;
  if (options.file)
    out += `--${boundary}${nl}Content-Disposition: form-data; name="file"; filename="../../x.png"${nl}Content-Type: image/png${nl}${nl}\u0089PNG${nl}`;
  if (options.close !== false) out += `--${boundary}--${nl}`;
  return out;
}

/** Malformed urlencoded and multipart bodies, and well-formed ones with hostile fields. */
function formBody(schema: unknown): fc.Arbitrary<Body> {
  const fields = formFields(schema);
  const boundary = fc.stringMatching(/^[A-Za-z0-9'()+_,-]{1,70}$/);
  return fc.oneof(
    {
      arbitrary: fields.map((f) => ({ kind: 'form:urlencoded', contentType: 'application/x-www-form-urlencoded', body: new URLSearchParams(f).toString() })),
      weight: 6,
    },
    {
      arbitrary: fc.tuple(fields, fc.constantFrom('%', '%ZZ', '%ED%A0%80', '%C3%28', '&&==&', '=x', 'a', '+%2B+', '%FF%FE')).map(([f, junk]) => ({
        kind: 'form:urlencoded-malformed',
        contentType: 'application/x-www-form-urlencoded',
        body: `${new URLSearchParams(f).toString()}&${junk}`,
      })),
      weight: 3,
    },
    {
      arbitrary: fc
        .tuple(fields, boundary, fc.boolean())
        .map(([f, b, file]) => ({ kind: 'form:multipart', contentType: `multipart/form-data; boundary=${b}`, body: multipart(f, b, { file }) })),
      weight: 4,
    },
    {
      arbitrary: fc.tuple(fields, boundary, fc.integer({ min: 0, max: 6 })).map(([f, b, flaw]): Body => {
        const good = multipart(f, b);
        switch (flaw) {
          case 0:
            return { kind: 'form:multipart-no-boundary', contentType: 'multipart/form-data', body: good };
          case 1:
            return { kind: 'form:multipart-wrong-boundary', contentType: `multipart/form-data; boundary=${b}x`, body: good };
          case 2:
            return { kind: 'form:multipart-unclosed', contentType: `multipart/form-data; boundary=${b}`, body: multipart(f, b, { close: false }) };
          case 3:
            return { kind: 'form:multipart-lf', contentType: `multipart/form-data; boundary=${b}`, body: multipart(f, b, { newline: '\n' }) };
          case 4:
            return { kind: 'form:multipart-no-disposition', contentType: `multipart/form-data; boundary=${b}`, body: `--${b}\r\n\r\nvalue\r\n--${b}--\r\n` };
          case 5:
            return { kind: 'form:multipart-truncated', contentType: `multipart/form-data; boundary=${b}`, body: good.slice(0, Math.floor(good.length / 2)) };
          default:
            return {
              kind: 'form:multipart-invalid-utf8',
              contentType: `multipart/form-data; boundary=${b}`,
              body: concat(
                encoder.encode(`--${b}\r\nContent-Disposition: form-data; name="name"\r\n\r\n`),
                bytes(0xc3, 0x28, 0xed, 0xa0, 0x80),
                encoder.encode(`\r\n--${b}--\r\n`),
              ),
            };
        }
      }),
      weight: 3,
    },
    {
      arbitrary: fc.constantFrom<Body>(
        { kind: 'form:empty', contentType: 'application/x-www-form-urlencoded', body: '' },
        { kind: 'form:no-type', body: 'a=1' },
        { kind: 'form:as-json', contentType: 'application/json', body: '{"email":"a@example.com"}' },
        { kind: 'form:invalid-utf8', contentType: 'application/x-www-form-urlencoded', body: bytes(0x61, 0x3d, 0xc3, 0x28) },
        { kind: 'form:oversize', contentType: 'application/x-www-form-urlencoded', body: `a=${'b'.repeat(1024 * 1024 + 10)}` },
      ),
      weight: 1,
    },
  );
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  return concatBytes(parts);
}

/** A route that reads its own body (uploads, webhooks, the tunnel): anything at all, and now and then a real file. */
const rawBody = (world: World): fc.Arbitrary<Body> =>
  fc.oneof(
    fc.constant<Body>({ kind: 'raw:none' }),
    // Files an upload takes as they are (else media, fonts and thumbnails refuse every request),
    // twice: an upload also needs its ?filename=, so few of them would get through.
    ...Array.from({ length: 2 }, () =>
      fc.constantFrom<Body>(
        { kind: 'raw:png', contentType: 'image/png', body: world.files.png },
        { kind: 'raw:font', contentType: 'font/ttf', body: world.files.font },
      ),
    ),
    hostileJson().map((body): Body => ({ kind: 'raw:json', contentType: 'application/json', body })),
    fc
      .tuple(
        fc.uint8Array({ maxLength: 256 }),
        fc.constantFrom('application/octet-stream', 'image/png', 'image/svg+xml', 'text/plain', 'application/x-sentry-envelope', ''),
      )
      .map(([raw, contentType]): Body => ({ kind: 'raw:bytes', contentType: contentType || undefined, body: new Uint8Array(raw) })),
    // A PNG signature with garbage after it: passes a sniffing check, then must be refused cleanly.
    fc
      .uint8Array({ maxLength: 128 })
      .map((raw): Body => ({ kind: 'raw:png-header', contentType: 'image/png', body: concat(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), raw) })),
    formBody(undefined),
  );

/**
 * Requests for one route: path params, query and body generated together (the fuzz sends
 * each as the world's owner, and some also anonymously).
 */
export function caseArbitrary(route: RegisteredRoute, world: World): fc.Arbitrary<FuzzCase> {
  const kind = bodyKind(route);
  const inputs = inputsOf(route);
  const body: fc.Arbitrary<Body> =
    kind === 'json'
      ? jsonBody(inputs.json, (key) => worldIdForField(world, key, route.path))
      : kind === 'form'
        ? formBody(inputs.form)
        : kind === 'raw'
          ? rawBody(world)
          : fc.constant<Body>({ kind: 'query' });
  const cookieNoise = fc.constantFrom(
    undefined,
    undefined,
    undefined,
    'adloom_session=garbage',
    'adloom_session=%ZZ; adloom_session=x',
    `adloom_session=${'A'.repeat(5000)}`,
  );
  return fc.tuple(pathArbitrary(route, world), queryArbitrary(route), body, cookieNoise).map(([path, query, b, anonymousCookie]) => {
    const headers: Record<string, string> = {};
    if (b.contentType) headers['content-type'] = b.contentType;
    return { path: `${path}${query}`, headers, body: b.body, kind: b.kind, anonymousCookie };
  });
}
