import { describe, expect, it, vi } from 'vitest';

const init = vi.fn();
vi.mock('@sentry/react', () => ({ init }));

describe('browser error reporting', () => {
  it('sends reports through the same-origin /monitoring tunnel, not to Sentry directly', async () => {
    const { initSentry } = await import('#client/lib/sentry.ts');
    initSentry('https://abc123publickey@o4501.ingest.sentry.io/4505');
    expect(init).toHaveBeenCalledWith(expect.objectContaining({ dsn: 'https://abc123publickey@o4501.ingest.sentry.io/4505', tunnel: '/monitoring' }));
  });
});
