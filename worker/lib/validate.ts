import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { Context, MiddlewareHandler, ValidationTargets } from 'hono';
import { issuesToDetails } from '#common/schemas/fields.ts';
import type { AppEnv } from '#worker/env.ts';
import { readCapped } from '#worker/lib/body.ts';
import { AppError } from '#worker/lib/errors.ts';

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

/** The most a JSON body or a form may weigh (uploads and the playground read their own, larger bodies). */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Parses a value with any Standard Schema (zod/mini here); throws 422 with field details. */
export async function parseOrThrow<S extends StandardSchemaV1>(schema: S, value: unknown): Promise<StandardSchemaV1.InferOutput<S>> {
  const result = await schema['~standard'].validate(value);
  if (result.issues) {
    const details = issuesToDetails(
      result.issues.map((issue) => ({
        message: issue.message,
        path: (issue.path ?? []).map((p) => (typeof p === 'object' ? p.key : p)),
      })),
    );
    throw new AppError('validation_failed', undefined, details);
  }
  return result.value;
}

function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]!.trim().toLowerCase();
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The request's JSON body: another type → 415, over `limit` bytes → 413 with `tooLarge`,
 * malformed JSON or not UTF-8 → 400. `validate('json')` uses it with 1 MiB; a route with a
 * larger body (the playground's picture) passes its own limit.
 */
export async function readJson(c: Context, limit = MAX_BODY_BYTES, tooLarge = 'The request body is larger than 1 MiB.'): Promise<unknown> {
  if (!JSON_TYPE.test(mediaType(c.req.header('content-type')))) throw new AppError('unsupported_media_type', 'Send the body as application/json.');
  const bytes = await readCapped(c.req.raw.body, limit, tooLarge);
  try {
    return JSON.parse(utf8.decode(bytes));
  } catch {
    throw new AppError('bad_request', 'The request body is not valid JSON.');
  }
}

/**
 * A form post (urlencoded or multipart) as its text fields; files are dropped. A body that
 * cannot be read (a multipart body without its boundary or its closing boundary, bytes
 * that are not UTF-8) is 400, never an exception from the parser.
 */
async function readFormFields(c: Context): Promise<Record<string, string>> {
  const type = mediaType(c.req.header('content-type'));
  if (!FORM_TYPES.has(type)) throw new AppError('unsupported_media_type', 'Send the form as a form submission.');
  const bytes = await readCapped(c.req.raw.body, MAX_BODY_BYTES, 'The form is larger than 1 MiB.');
  let entries: Iterable<[string, FormDataEntryValue]>;
  try {
    entries =
      type === 'multipart/form-data'
        ? await new Response(bytes, { headers: { 'content-type': c.req.header('content-type')! } }).formData()
        : new URLSearchParams(utf8.decode(bytes));
  } catch {
    throw new AppError('bad_request', 'The form could not be read. Please send it again.');
  }
  // No prototype: a field named `constructor`, `toString` or `__proto__` is a field like any other.
  const fields = Object.create(null) as Record<string, string>;
  for (const [key, value] of entries) if (typeof value === 'string' && !Object.hasOwn(fields, key)) fields[key] = value;
  return fields;
}

/** What a failed validation hands to the route's hook: the error, and the fields as sent (forms; `{}` otherwise). */
export interface ValidationFailure {
  error: AppError;
  values: Record<string, string>;
}

/**
 * Answers a failed validation itself instead of the error envelope: the HTML forms
 * re-render their page with the message and the visitor's input. Return undefined to
 * fall back to the envelope.
 */
export type ValidationHook = (failure: ValidationFailure, c: Context<AppEnv>) => Response | undefined | Promise<Response | undefined>;

type Validated<T extends keyof ValidationTargets, S extends StandardSchemaV1> = {
  in: { [K in T]: StandardSchemaV1.InferInput<S> };
  out: { [K in T]: StandardSchemaV1.InferOutput<S> };
};

/**
 * The one validation wrapper for every body, query and param (ARCHITECTURE.md §2), for
 * the JSON API and the HTML forms alike: a body of the wrong type → 415, over 1 MiB → 413,
 * malformed JSON or an unreadable form → 400 `bad_request`, failed rules → 422
 * `validation_failed` with field details. With a `hook`, the route answers failures
 * itself (the forms' pages).
 */
export function validate<T extends 'json' | 'form' | 'query' | 'param', S extends StandardSchemaV1>(
  target: T,
  schema: S,
  hook?: ValidationHook,
): MiddlewareHandler<AppEnv, string, Validated<T, S>> & ValidationTag {
  const middleware: MiddlewareHandler<AppEnv, string, Validated<T, S>> = async (c, next) => {
    let raw: Record<string, string> = {};
    try {
      let value: unknown;
      switch (target) {
        case 'json':
          value = await readJson(c);
          break;
        case 'form':
          value = raw = await readFormFields(c);
          break;
        case 'query':
          value = c.req.query();
          break;
        case 'param':
          value = c.req.param();
          break;
      }
      c.req.addValidatedData(target, (await parseOrThrow(schema, value)) as Record<string, unknown>);
    } catch (error) {
      if (!(error instanceof AppError) || !hook) throw error;
      const answer = await hook({ error, values: raw }, c);
      if (!answer) throw error;
      return answer;
    }
    await next();
  };
  return Object.assign(middleware, { validation: { target, schema } });
}

/**
 * What `validate()` leaves on its middleware: the target and the schema. The reliability
 * fuzz (worker/reliability/) reads them from the router to know which routes take JSON
 * bodies, forms, queries and params, and to generate inputs shaped like the schema.
 */
export interface ValidationTag {
  validation: { target: 'json' | 'form' | 'query' | 'param'; schema: StandardSchemaV1 };
}

export function isValidationMiddleware(handler: unknown): handler is ValidationTag {
  return typeof handler === 'function' && 'validation' in handler;
}
