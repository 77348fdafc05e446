import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { MiddlewareHandler, ValidationTargets } from 'hono';
import { issuesToDetails } from '#common/schemas/fields.ts';
import { AppError } from '#worker/lib/errors.ts';

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

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

type Validated<T extends keyof ValidationTargets, S extends StandardSchemaV1> = {
  in: { [K in T]: StandardSchemaV1.InferInput<S> };
  out: { [K in T]: StandardSchemaV1.InferOutput<S> };
};

/**
 * The one validation wrapper for every body, query and param (ARCHITECTURE.md §2):
 * a body of the wrong type → 415, malformed JSON → 400 `bad_request`, failed rules →
 * 422 `validation_failed` with field details.
 */
export function validate<T extends 'json' | 'form' | 'query' | 'param', S extends StandardSchemaV1>(
  target: T,
  schema: S,
): MiddlewareHandler<any, string, Validated<T, S>> {
  return async (c, next) => {
    let value: unknown;
    switch (target) {
      case 'json': {
        if (!JSON_TYPE.test(mediaType(c.req.header('content-type')))) {
          throw new AppError('unsupported_media_type', 'Send the body as application/json.');
        }
        try {
          value = await c.req.json();
        } catch {
          throw new AppError('bad_request', 'The request body is not valid JSON.');
        }
        break;
      }
      case 'form': {
        if (!FORM_TYPES.has(mediaType(c.req.header('content-type')))) {
          throw new AppError('unsupported_media_type', 'Send the form as a form submission.');
        }
        try {
          const form = await c.req.parseBody();
          value = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, typeof v === 'string' ? v : undefined]));
        } catch {
          throw new AppError('bad_request', 'The form could not be read.');
        }
        break;
      }
      case 'query':
        value = c.req.query();
        break;
      case 'param':
        value = c.req.param();
        break;
    }
    const data = await parseOrThrow(schema, value);
    c.req.addValidatedData(target, data as Record<string, unknown>);
    await next();
  };
}
