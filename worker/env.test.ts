import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { appHosts, checkEnv } from '#worker/env.ts';
import { send } from '#worker/test/http.ts';

describe('the configuration, checked at the entry', () => {
  it('accepts the test configuration and turns empty optional secrets into "not configured"', () => {
    const checked = checkEnv({ ...env, STRIPE_SECRET_KEY: '', SENTRY_DSN: '' });
    expect('env' in checked).toBe(true);
    if (!('env' in checked)) return;
    expect(checked.env.STRIPE_SECRET_KEY).toBeUndefined();
    expect(checked.env.SENTRY_DSN).toBeUndefined();
    expect(checked.env.DB).toBe(env.DB);
  });

  it('names every problem, never a value', () => {
    const checked = checkEnv({ ...env, SESSION_SECRET: 'short-secret-value', TOKEN_ENCRYPTION_KEY: 'bm90LTMyLWJ5dGVz', DB: undefined });
    expect('problems' in checked).toBe(true);
    const problems = 'problems' in checked ? checked.problems.join('\n') : '';
    expect(problems).toContain('SESSION_SECRET must be at least 32 characters');
    expect(problems).toContain('TOKEN_ENCRYPTION_KEY must be 32 bytes');
    expect(problems).toContain('DB is not bound');
    expect(problems).not.toContain('short-secret-value');
  });

  it('reads APP_HOSTS as plain host names (trimmed, lower case), empty as none, and refuses URLs', () => {
    const read = (value: string | undefined) => {
      const checked = checkEnv({ ...env, APP_HOSTS: value });
      return 'env' in checked ? appHosts(checked.env) : checked.problems;
    };
    expect(read(undefined)).toEqual([]);
    expect(read('')).toEqual([]);
    expect(read(' Adloom.app , www.adloom.app., ')).toEqual(['adloom.app', 'www.adloom.app']);
    for (const bad of ['https://adloom.app', 'adloom.app/', 'adloom.app:443', 'ad loom.app', '-adloom.app']) {
      expect(read(bad), bad).toEqual([expect.stringContaining('APP_HOSTS must be host names separated by commas')]);
    }
  });

  it('answers every request of a misconfigured deployment with a plain 500 and logs what is wrong', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = { TOKEN_ENCRYPTION_KEY: undefined } as unknown as Partial<typeof env>;
    const first = await send('/api/health', { env: broken });
    expect(first.status).toBe(500);
    const text = await first.text();
    expect(text).toContain('not configured correctly');
    expect(text).not.toContain('TOKEN_ENCRYPTION_KEY');
    expect(log.mock.calls.flat().join('\n')).toContain('TOKEN_ENCRYPTION_KEY is missing');
    expect((await send('/', { env: broken })).status).toBe(500);
  });
});
