import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { Context } from 'hono';
import { DEFAULT_MESSAGES } from '#common/errors.ts';
import { AppError } from '#worker/lib/errors.ts';
import { parseOrThrow } from '#worker/lib/validate.ts';

export type FormValues = Record<string, string>;

/** Reads an HTML form post (urlencoded or multipart) as plain strings. */
export async function readForm(c: Context): Promise<FormValues> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded' && type !== 'multipart/form-data') {
    throw new AppError('unsupported_media_type', 'Send the form as a form submission.');
  }
  const body = await c.req.parseBody();
  const values: FormValues = {};
  for (const [key, value] of Object.entries(body)) if (typeof value === 'string') values[key] = value;
  return values;
}

export interface FormFailure {
  status: 401 | 409 | 422 | 429;
  errors: Record<string, string>;
  message: string;
  headers?: Record<string, string>;
}

/** Maps an AppError from a form submission to what the re-rendered form shows. */
export function formFailure(error: unknown): FormFailure | undefined {
  if (!(error instanceof AppError)) return undefined;
  const errors: Record<string, string> = {};
  for (const [key, messages] of Object.entries(error.details ?? {})) if (messages[0]) errors[key] = messages[0];
  const status = error.status;
  if (status !== 401 && status !== 409 && status !== 422 && status !== 429) return undefined;
  return {
    status,
    errors,
    message:
      error.code === 'validation_failed' && error.message === DEFAULT_MESSAGES.validation_failed ? 'Please correct the highlighted fields.' : error.message,
    headers: error.headers,
  };
}

export async function parseForm<S extends StandardSchemaV1>(schema: S, values: FormValues) {
  return parseOrThrow(schema, values);
}
