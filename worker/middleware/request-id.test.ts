import { describe, expect, it } from 'vitest';
import { newRequestIds } from '#worker/middleware/request-id.ts';

describe('newRequestIds', () => {
  it('gives every request its own id and nonce, across many refills of the pool', () => {
    const ids = new Set<string>();
    const nonces = new Set<string>();
    for (let i = 0; i < 1_000; i += 1) {
      const { requestId, nonce } = newRequestIds();
      expect(requestId).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
      ids.add(requestId);
      nonces.add(nonce);
    }
    expect(ids.size).toBe(1_000);
    expect(nonces.size).toBe(1_000);
  });
});
