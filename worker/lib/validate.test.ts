import type { StandardSchemaV1 } from '@standard-schema/spec';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '#worker/env.ts';
import { AppError } from '#worker/lib/errors.ts';
import { MAX_BODY_BYTES, validate } from '#worker/lib/validate.ts';
import { createUser } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';

type Envelope = { error: { code: string; message: string } };

describe('JSON bodies', () => {
  it('refuses a body over 1 MiB with 413 before parsing it, declared or not', async () => {
    const user = await createUser();
    const big = JSON.stringify({ name: 'x'.repeat(MAX_BODY_BYTES) });
    const declared = await send('/api/me', { method: 'PATCH', json: JSON.parse(big), cookie: user.cookie });
    expect(declared.status).toBe(413);
    expect(((await declared.json()) as Envelope).error.code).toBe('payload_too_large');
    // A chunked body says nothing about its size: it is cut off at the limit all the same.
    const bytes = new TextEncoder().encode(big);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 64 * 1024) controller.enqueue(bytes.subarray(i, i + 64 * 1024));
        controller.close();
      },
    });
    const chunked = await send('/api/me', { method: 'PATCH', body: stream, headers: { 'content-type': 'application/json' }, cookie: user.cookie });
    expect(chunked.status).toBe(413);
    // 10 MB is refused the same way.
    const huge = await send('/api/auth/login', { body: new Uint8Array(10 * 1024 * 1024).fill(0x20), headers: { 'content-type': 'application/json' } });
    expect(huge.status).toBe(413);
  });

  it('accepts a body just under the limit', async () => {
    const user = await createUser();
    const body = JSON.stringify({ name: 'Ada', padding: 'x'.repeat(MAX_BODY_BYTES - 100) });
    const response = await send('/api/me', { method: 'PATCH', body, headers: { 'content-type': 'application/json' }, cookie: user.cookie });
    expect(response.status).toBe(200);
  });

  it('answers bytes that are not UTF-8 with 400, never 500', async () => {
    const response = await send('/api/auth/login', {
      body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as Envelope).error.code).toBe('bad_request');
  });
});

describe('form bodies', () => {
  const passThrough: StandardSchemaV1<unknown, unknown> = { '~standard': { version: 1, vendor: 'test', validate: (value) => ({ value }) } };
  const app = new Hono<AppEnv>().post('/', validate('form', passThrough), (c) => c.json(Object.entries(c.req.valid('form') as object)));
  const post = (body: BodyInit, type: string) => app.request('/', { method: 'POST', body, headers: { 'content-type': type } });

  it('keeps fields named like Object’s own properties (constructor, toString, __proto__), the first of each name', async () => {
    const expected = [
      ['constructor', 'a'],
      ['toString', 'b'],
      ['__proto__', 'c'],
      ['valueOf', 'd'],
    ];
    const urlencoded = await post('constructor=a&toString=b&__proto__=c&valueOf=d&constructor=again', 'application/x-www-form-urlencoded');
    expect(await urlencoded.json()).toEqual(expected);
    const form = new FormData();
    for (const [name, value] of [...expected, ['__proto__', 'again']]) form.append(name!, value!);
    const multipart = new Request('http://x/', { method: 'POST', body: form });
    expect(await (await post(await multipart.arrayBuffer(), multipart.headers.get('content-type')!)).json()).toEqual(expected);
  });
});

describe('the error type', () => {
  it('is Hono’s HTTPException, with the status of the one table', () => {
    const error = new AppError('plan_limit_reached');
    expect(error).toBeInstanceOf(HTTPException);
    expect(error.status).toBe(402);
    expect(new AppError('validation_failed').status).toBe(422);
  });

  it('maps any thrown value: an HTTPException by its status, anything else to internal (unexpected)', () => {
    expect(AppError.from(new HTTPException(413, { message: 'Body too big (internal detail)' }))).toMatchObject({
      error: { code: 'payload_too_large', message: 'That is too large.' },
      expected: true,
    });
    expect(AppError.from(new HTTPException(401))).toMatchObject({ error: { code: 'unauthenticated' }, expected: true });
    expect(AppError.from(new HTTPException(503))).toMatchObject({ error: { code: 'internal' }, expected: false });
    expect(AppError.from(new TypeError('x is undefined'))).toMatchObject({ error: { code: 'internal' }, expected: false });
    const own = new AppError('conflict', 'Taken.');
    expect(AppError.from(own)).toEqual({ error: own, expected: true });
  });
});
