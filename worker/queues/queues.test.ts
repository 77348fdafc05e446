import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import entry from '#worker/index.ts';
import { QUEUES } from '#worker/queues/index.ts';

function batchOf(queue: string) {
  return createMessageBatch(queue, [{ id: 'message-1', timestamp: new Date('2026-11-30T12:00:00Z'), attempts: 1, body: { kind: 'test' } }]);
}

describe('the queue entry', () => {
  it('keeps the messages of a queue it does not know, for a later delivery', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const batch = batchOf('adloom-unknown');
    const ctx = createExecutionContext();
    await entry.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    // (The delay is not reported by this version of the test runtime: only that the batch is retried.)
    expect(result.retryBatch.retry).toBe(true);
    expect(result.explicitAcks).toEqual([]);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('adloom-unknown'));
    error.mockRestore();
  });

  it('leaves every message for later when the configuration is wrong, and says so once', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const raw = { ...env, SESSION_SECRET: 'short' };
    for (const name of Object.values(QUEUES)) {
      const batch = batchOf(name);
      const ctx = createExecutionContext();
      await entry.queue(batch, raw, ctx);
      expect((await getQueueResult(batch, ctx)).retryBatch.retry).toBe(true);
    }
    expect(error).toHaveBeenCalledTimes(1);
    expect(error.mock.calls[0]![0]).toContain('SESSION_SECRET');
    error.mockRestore();
  });
});
