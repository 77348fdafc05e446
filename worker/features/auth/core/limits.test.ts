import { describe, expect, it } from 'vitest';
import { createUser } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';

describe('the sign-in limit under a burst', () => {
  it('lets 5 wrong passwords be tried when 20 arrive at once, and refuses the rest with 429', async () => {
    const user = await createUser();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send('/api/auth/login', { json: { email: user.email, password: `wrong password ${i}` }, headers: { 'cf-connecting-ip': '192.0.2.150' } }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    // The right password waits out the window from that address too.
    const right = await send('/api/auth/login', { json: { email: user.email, password: user.password }, headers: { 'cf-connecting-ip': '192.0.2.150' } });
    expect(right.status).toBe(429);
  });

  it('forgets earlier failures after a successful sign-in', async () => {
    const user = await createUser();
    const attempt = (password: string) => send('/api/auth/login', { json: { email: user.email, password }, headers: { 'cf-connecting-ip': '192.0.2.151' } });
    for (let i = 0; i < 4; i += 1) expect((await attempt('wrong password!')).status).toBe(401);
    expect((await attempt(user.password)).status).toBe(200);
    for (let i = 0; i < 5; i += 1) expect((await attempt('wrong password!')).status).toBe(401);
    expect((await attempt('wrong password!')).status).toBe(429);
  });
});
