import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { send } from '#worker/test/http.ts';

describe('GET /api/health', () => {
  it('reports ok, the version and the latest applied migration without auth', async () => {
    const response = await send('/api/health');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { ok: boolean; version: string; migration: string };
    expect(body.ok).toBe(true);
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(body.migration).toBe(env.TEST_MIGRATIONS.at(-1)!.name);
    expect(body.migration).toMatch(/^\d{4}_[a-z_]+\.sql$/);
  });
});
