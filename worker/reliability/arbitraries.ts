import type { StandardSchemaV1 } from '@standard-schema/spec';
import fc from 'fast-check';

/**
 * Generators of hostile input for the reliability fuzz (issue 15 point 1). They produce JSON
 * *text*, not values: a key named `__proto__` survives only in text (an object literal would
 * set the prototype instead), as do numbers JSON can carry but JavaScript cannot keep
 * (`1e400`, `-0`, 30 digits) and lone surrogates as escapes (`"\ud800"`).
 */

/** Strings a careless parser, renderer or query trips on. */
const NASTY = [
  '',
  ' ',
  '\u0000',
  '\ud800',
  '\udfff',
  'a\ud800b',
  '\udc00\ud800',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  'true',
  '[]',
  '{}',
  '../../../etc/passwd',
  '..',
  '%',
  '%ZZ',
  '%00',
  '%2e%2e%2f',
  '%ud800',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR 1=1 --",
  '; DROP TABLE users; --',
  '{{7*7}}',
  '${7*7}',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'https://evil.example/',
  '//evil.example',
  '\r\nX-Injected: 1',
  '\u202eevil',
  '\ufeff',
  '🙂',
  '👩🏽‍🚀',
  'ǅ',
  'İ',
  'ß',
  '\u0301',
  '#ffffff',
  '#GGGGGG',
  'square',
  'owner',
  'admin',
  'AAAAAAAAAAAAAAAAAAAAAA',
  'a@b',
  'a@example.com',
  'x'.repeat(257),
  'x'.repeat(10_000),
];

/** A string that is hostile in its length, its code units or its meaning. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY), weight: 5 },
  { arbitrary: fc.string({ maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
  // Lone surrogates mixed into text.
  {
    arbitrary: fc
      .array(fc.oneof(fc.integer({ min: 0xd800, max: 0xdfff }), fc.integer({ min: 0x20, max: 0x7e })), { minLength: 1, maxLength: 12 })
      .map((units) => String.fromCharCode(...units)),
    weight: 2,
  },
  // Long (not over the 1 MiB body limit, which is its own case).
  { arbitrary: fc.integer({ min: 100, max: 200_000 }).map((n) => 'é'.repeat(n)), weight: 1 },
);

/** Numbers at the edges, as JSON text (some are not representable: JSON.parse makes them Infinity, 0 or rounds them). */
export const edgeNumberText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '0',
    '-0',
    '1',
    '-1',
    '0.5',
    '-0.5',
    '1.5',
    '2147483647',
    '2147483648',
    '-2147483649',
    '4294967296',
    '9007199254740991',
    '9007199254740993',
    '-9007199254740993',
    '1e308',
    '-1e308',
    '1e309',
    '-1e400',
    '5e-324',
    '1e-400',
    '123456789012345678901234567890',
    '0.1e1',
    '1E2',
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
  fc.integer().map(String),
);

const quote = (value: string) => JSON.stringify(value);

/** A key of a hostile object: prototype keys, names the schema expects, anything. */
const hostileKey = (known: readonly string[]) =>
  fc.oneof(
    { arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'valueOf'), weight: 2 },
    { arbitrary: known.length > 0 ? fc.constantFrom(...known) : fc.constant('name'), weight: 2 },
    { arbitrary: hostileString, weight: 1 },
  );

/** Deep nesting beyond what any schema expects (JSON.parse copes; recursive code may not). */
const deepText: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 50, max: 5_000 }), fc.boolean(), fc.constantFrom(...['name', '__proto__', 'layers', 'blocks']))
  .map(([depth, arrays, key]) => (arrays ? '['.repeat(depth) + ']'.repeat(depth) : `{${quote(key)}:`.repeat(depth) + '{}' + '}'.repeat(depth)));

/** Any JSON value as text, hostile at every level. */
export function hostileJson(known: readonly string[] = [], depth = 3): fc.Arbitrary<string> {
  const scalar = fc.oneof(fc.constantFrom('null', 'true', 'false', '""', '[]', '{}'), edgeNumberText, hostileString.map(quote));
  if (depth <= 0) return scalar;
  const inner = hostileJson(known, depth - 1);
  return fc.oneof(
    { arbitrary: scalar, weight: 4 },
    { arbitrary: fc.array(inner, { maxLength: 6 }).map((items) => `[${items.join(',')}]`), weight: 1 },
    {
      arbitrary: fc.array(fc.tuple(hostileKey(known), inner), { maxLength: 6 }).map((entries) => `{${entries.map(([k, v]) => `${quote(k)}:${v}`).join(',')}}`),
      weight: 2,
    },
    { arbitrary: deepText, weight: depth === 3 ? 1 : 0 },
  );
}

// ---- shaped by a schema ---------------------------------------------------------------

/** The parts of a zod (v4, classic or mini) schema the generator reads; anything else gets hostile values. */
interface ZodLike {
  _zod: { def: ZodDef };
}
interface ZodDef {
  type: string;
  format?: string;
  checks?: { _zod: { def: Record<string, unknown> } }[];
  shape?: Record<string, ZodLike>;
  innerType?: ZodLike;
  element?: ZodLike;
  options?: ZodLike[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  in?: ZodLike;
  out?: ZodLike;
  left?: ZodLike;
  right?: ZodLike;
  items?: ZodLike[];
  keyType?: ZodLike;
  valueType?: ZodLike;
  getter?: () => ZodLike;
}

function isZod(schema: unknown): schema is ZodLike {
  return typeof schema === 'object' && schema !== null && '_zod' in schema;
}

function checksOf(def: ZodDef): Record<string, unknown>[] {
  return (def.checks ?? []).map((check) => check._zod.def);
}

/** A string meeting the schema's visible checks (length, pattern, format) as far as they can be read. */
function shapedString(def: ZodDef): fc.Arbitrary<string> {
  const checks = checksOf(def);
  const min = checks.find((c) => c.check === 'min_length')?.minimum as number | undefined;
  const max = checks.find((c) => c.check === 'max_length')?.maximum as number | undefined;
  const pattern = checks.find((c) => c.check === 'string_format' && c.format === 'regex')?.pattern as RegExp | undefined;
  const format = def.format ?? (checks.find((c) => c.check === 'string_format')?.format as string | undefined);
  if (pattern) {
    try {
      return fc.stringMatching(pattern, { size: 'small' });
    } catch {
      // fast-check cannot generate from every pattern (lookaheads): plain strings instead.
    }
  }
  // Mostly an address every validator takes (fast-check's RFC addresses are often refused as
  // unusual, which kept sign-up, invites and the contact form from ever accepting one).
  if (format === 'email')
    return fc.oneof({ arbitrary: fc.stringMatching(/^[a-z][a-z0-9.]{0,20}[a-z0-9]@example\.com$/), weight: 3 }, { arbitrary: fc.emailAddress(), weight: 1 });
  if (format === 'url') return fc.webUrl({ validSchemes: ['https'] });
  return fc.string({ minLength: min ?? 0, maxLength: Math.min(max ?? 40, 200) });
}

function numberRange(def: ZodDef): { min?: number; max?: number; int: boolean } {
  const checks = checksOf(def);
  const min = checks.find((c) => c.check === 'greater_than')?.value as number | undefined;
  const max = checks.find((c) => c.check === 'less_than')?.value as number | undefined;
  const int = def.format === 'safeint' || def.format === 'int32' || checks.some((c) => c.check === 'number_format');
  return { min, max, int };
}

/** One text value for a query string or a form field, shaped by the field's schema when it can be read. */
export function shapedText(schema: unknown, depth = 0): fc.Arbitrary<string> {
  if (!isZod(schema) || depth > 6) return hostileString;
  const def = schema._zod.def;
  switch (def.type) {
    case 'string':
      return shapedString(def);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { x: 'x' }).map(String));
    case 'literal':
      return fc.constantFrom(...(def.values ?? ['']).map(String));
    case 'number':
    case 'int':
      return fc.integer({ min: -5, max: 200 }).map(String);
    case 'boolean':
      return fc.constantFrom('true', 'false', 'on', '1', '0');
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return shapedText(def.innerType, depth + 1);
    case 'pipe':
      return shapedText(def.out?._zod.def.type === 'string' ? def.out : def.in, depth + 1);
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => shapedText(option, depth + 1)));
    case 'lazy':
      return def.getter ? shapedText(def.getter(), depth + 1) : hostileString;
    default:
      return hostileString;
  }
}

/** A field's value: mostly shaped, sometimes hostile (one bad field among good ones reaches deeper code than all-bad input). */
export function fieldText(schema: unknown): fc.Arbitrary<string> {
  return fc.oneof({ arbitrary: shapedText(schema), weight: 4 }, { arbitrary: hostileString, weight: 1 });
}

/**
 * Ids that exist, for a field by its name (`creationIds` → the world's creation id,
 * `avatarMediaId` → its media id): without them a body naming other resources is refused
 * as "not found" every time and its service is never reached.
 */
export type IdHints = (key: string) => string | undefined;

/**
 * JSON text shaped like the schema (objects with its keys, enums' values, strings of the
 * right pattern, ids that exist where `hints` knows the field), with a hostile value in place
 * of any inner node one time in twelve, unknown and prototype keys added now and then. Most
 * bodies get past validation's first checks, so the services behind it see odd-but-valid
 * input too.
 */
export function shapedJson(schema: unknown, depth = 0, hints?: IdHints, key?: string): fc.Arbitrary<string> {
  const hostile = hostileJson([], 1);
  if (!isZod(schema) || depth > 8) return hostile;
  const exact = exactJson(schema, depth, hints, key);
  // The whole body is hostile in its own case (hostileJson); here one node at a time.
  if (depth === 0) return exact;
  return fc.oneof({ arbitrary: exact, weight: 11 }, { arbitrary: hostile, weight: 1 });
}

function exactJson(schema: ZodLike, depth: number, hints: IdHints | undefined, key: string | undefined): fc.Arbitrary<string> {
  const def = schema._zod.def;
  const sub = (inner: unknown, innerKey = key) => shapedJson(inner, depth + 1, hints, innerKey);
  switch (def.type) {
    case 'object': {
      const shape = def.shape ?? {};
      const keys = Object.keys(shape);
      const fields = keys.map((field) => {
        const optional = ['optional', 'default', 'prefault'].includes(shape[field]!._zod.def.type);
        const value = sub(shape[field], field).map((text) => `${quote(field)}:${text}`);
        return optional
          ? fc.option(value, { nil: undefined, freq: 2 })
          : fc.oneof({ arbitrary: value, weight: 15 }, { arbitrary: fc.constant(undefined), weight: 1 });
      });
      // Now and then unknown, prototype or repeated keys (a repeated key's last value wins in JSON.parse).
      const extra = fc.oneof(
        { arbitrary: fc.constant<string[]>([]), weight: 5 },
        {
          arbitrary: fc
            .array(fc.tuple(hostileKey(keys), hostileJson(keys, 1)), { minLength: 1, maxLength: 3 })
            .map((pairs) => pairs.map(([k, v]) => `${quote(k)}:${v}`)),
          weight: 1,
        },
      );
      return fc.tuple(fc.tuple(...fields), extra).map(([parts, more]) => `{${[...parts.filter((p) => p !== undefined), ...more].join(',')}}`);
    }
    case 'string': {
      const id = key === undefined ? undefined : hints?.(key);
      const shaped = shapedString(def).map(quote);
      return id === undefined ? shaped : fc.oneof({ arbitrary: fc.constant(quote(id)), weight: 4 }, { arbitrary: shaped, weight: 1 });
    }
    case 'number':
    case 'int': {
      const { min, max, int } = numberRange(def);
      if (int) return fc.integer({ min: Math.max(min ?? -1000, -(2 ** 31)), max: Math.min(max ?? 1000, 2 ** 31) }).map(String);
      return fc.double({ min: min ?? -1000, max: max ?? 1000, noNaN: true }).map((n) => JSON.stringify(n));
    }
    case 'boolean':
      return fc.boolean().map(String);
    case 'null':
      return fc.constant('null');
    case 'enum': {
      const entries = Object.values(def.entries ?? { x: 'x' });
      const any = fc.constantFrom(...entries).map((v) => JSON.stringify(v));
      // A hint among the entries (the one a route can act on in the test world) comes most often.
      const hinted = key === undefined ? undefined : hints?.(key);
      return hinted !== undefined && entries.includes(hinted)
        ? fc.oneof({ arbitrary: fc.constant(JSON.stringify(hinted)), weight: 4 }, { arbitrary: any, weight: 1 })
        : any;
    }
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null])).map((v) => JSON.stringify(v) ?? 'null');
    case 'array': {
      const checks = checksOf(def);
      const min = (checks.find((c) => c.check === 'min_length')?.minimum as number | undefined) ?? 0;
      const max = Math.min((checks.find((c) => c.check === 'max_length')?.maximum as number | undefined) ?? 6, min + 8);
      return fc.array(sub(def.element), { minLength: min, maxLength: Math.max(min, max) }).map((items) => `[${items.join(',')}]`);
    }
    case 'tuple':
      return fc.tuple(...(def.items ?? []).map((item) => sub(item))).map((items) => `[${items.join(',')}]`);
    case 'record':
      return fc
        .array(fc.tuple(shapedText(def.keyType, depth + 1), sub(def.valueType, undefined)), { maxLength: 4 })
        .map((entries) => `{${entries.map(([k, v]) => `${quote(k)}:${v}`).join(',')}}`);
    case 'optional':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return sub(def.innerType);
    case 'nullable':
      return fc.oneof({ arbitrary: sub(def.innerType), weight: 4 }, { arbitrary: fc.constant('null'), weight: 1 });
    case 'pipe':
      // A pipe into a format (`z.pipe(text(), z.email())`) is shaped by the format; else by its input.
      return sub(def.out?._zod.def.type === 'string' ? def.out : def.in);
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => sub(option)));
    case 'intersection':
      return fc.oneof(sub(def.left), sub(def.right));
    case 'lazy':
      return def.getter ? sub(def.getter()) : hostileJson();
    default:
      return hostileJson([], 1);
  }
}

/** The keys of an object schema (through optional/pipe wrappers and unions), for forms and queries. */
export function schemaFields(schema: StandardSchemaV1 | unknown): Record<string, unknown> {
  if (!isZod(schema)) return {};
  const def = schema._zod.def;
  if (def.type === 'object') return { ...def.shape };
  // A pipe's fields are its input's; a pipe that starts with a transform (the /password-reset
  // form picks its union's branch itself) has them only on its output.
  if (def.type === 'pipe') {
    const fields = schemaFields(def.in);
    return Object.keys(fields).length > 0 ? fields : schemaFields(def.out);
  }
  if (['optional', 'nullable', 'default'].includes(def.type)) return schemaFields(def.innerType);
  if (def.type === 'union') return Object.assign({}, ...(def.options ?? []).map(schemaFields));
  if (def.type === 'intersection') return { ...schemaFields(def.left), ...schemaFields(def.right) };
  return {};
}

/**
 * Percent-encodes any string, lone surrogates included (`encodeURIComponent` throws on
 * them): a lone surrogate becomes the three bytes UTF-8 would give it (`%ED%A0%80`),
 * which is not valid UTF-8, exactly what a hostile client can send.
 */
export function percentEncode(value: string): string {
  let out = '';
  for (const ch of value) {
    const c = ch.codePointAt(0)!;
    if (c >= 0xd800 && c <= 0xdfff)
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    else out += encodeURIComponent(ch);
  }
  return out;
}
