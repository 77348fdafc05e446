import { describe, expect, it } from 'vitest';
import { createUser, uniqueEmail } from '#worker/test/factories.ts';
import { interceptHost } from '#worker/test/fetch.ts';
import { cookieFrom, send } from '#worker/test/http.ts';

describe('sign in and sign up without JavaScript (POST /login)', () => {
  it('signs in and redirects to a same-origin next', async () => {
    const user = await createUser();
    const response = await send('/login', { form: { intent: 'signin', email: user.email, password: user.password, next: '/account' } });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/account');
    expect(cookieFrom(response)).toBeTruthy();
  });

  it('never redirects off-site, whatever next says', async () => {
    const user = await createUser();
    const response = await send('/login', { form: { intent: 'signin', email: user.email, password: user.password, next: '//evil.example' } });
    expect(response.headers.get('location')).toBe('/dashboard');
  });

  it('signs up and lands on the dashboard', async () => {
    const response = await send('/login', {
      form: { intent: 'signup', name: 'New Person', email: uniqueEmail(), password: 'long enough pass' },
      headers: { 'cf-connecting-ip': '192.0.2.40' },
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/dashboard');
  });

  it('signs up in the language of the page it was made on (no JavaScript)', async () => {
    const email = uniqueEmail();
    const response = await send('/de/login', {
      form: { intent: 'signup', name: 'Neue Person', email, password: 'long enough pass' },
      headers: { 'cf-connecting-ip': '192.0.2.41', 'accept-language': 'en' },
    });
    expect(response.status).toBe(303);
    expect(await (await send('/api/me', { cookie: cookieFrom(response) })).json()).toMatchObject({ email, locale: 'de' });
  });

  it('shows the error on the page for a wrong password and keeps the email', async () => {
    const user = await createUser();
    const response = await send('/login', { form: { intent: 'signin', email: user.email, password: 'wrong password', next: '/pricing' } });
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain('do not match');
    expect(html).toContain(`value="${user.email}"`);
    expect(html).toContain('value="/pricing"');
  });

  it('redirects a signed-in visitor of /login to next', async () => {
    const user = await createUser();
    const response = await send('/login?next=%2Faccount', { cookie: user.cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/account');
  });
});

describe('password reset without JavaScript (POST /password-reset)', () => {
  it('confirms the request the same way for any address', async () => {
    const response = await send('/password-reset', { form: { email: uniqueEmail('unknown') }, headers: { 'cf-connecting-ip': '192.0.2.41' } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Check your inbox');
  });

  it('refuses a bad token on the page', async () => {
    const response = await send('/password-reset', { form: { token: 'x'.repeat(43), password: 'a new long password' } });
    expect(response.status).toBe(422);
    expect(await response.text()).toContain('expired or was already used');
  });
});

describe('workspace pages', () => {
  it('send a signed-out visitor to /login with the path as next', async () => {
    const response = await send('/account/credits?tab=ledger');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`/login?next=${encodeURIComponent('/account/credits?tab=ledger')}`);
  });

  it('serve the app shell with the user as boot data (no token, no hash)', async () => {
    const user = await createUser({ name: 'Shell User' });
    const response = await send('/dashboard', { cookie: user.cookie });
    expect(response.status).toBe(200);
    const html = await response.text();
    const boot = JSON.parse(/<script type="application\/json" id="boot">(.*?)<\/script>/s.exec(html)![1]!) as { user: { email: string } };
    expect(boot.user.email).toBe(user.email);
    expect(html).not.toContain('pbkdf2');
    expect(html).not.toContain(user.cookie.split('=')[1]);
    expect(html).toContain('<meta name="robots" content="noindex">');
  });

  it('escape boot data so a name cannot break out of the script element', async () => {
    const user = await createUser({ name: '</script><script>alert(1)</script>' });
    const html = await (await send('/dashboard', { cookie: user.cookie })).text();
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('\\u003c/script>');
  });
});

describe('unreadable form posts', () => {
  const DSN = 'https://abc123publickey@o4501.ingest.sentry.io/4505';
  /** Every HTML form the worker answers, with a field the page shows again. */
  const FORMS = ['/login', '/contact', '/password-reset', '/billing/checkout'];
  const BROKEN_BODIES: Record<string, { type: string; body: string }> = {
    'multipart without a boundary': { type: 'multipart/form-data', body: 'x=1' },
    'multipart without its closing boundary': {
      type: 'multipart/form-data; boundary=XyZ',
      body: '--XyZ\r\ncontent-disposition: form-data; name="email"\r\n\r\nsomeone@example.com\r\n',
    },
    'multipart with a broken part header': { type: 'multipart/form-data; boundary=XyZ', body: '--XyZ\r\nnot a header\r\n\r\nvalue\r\n--XyZ--\r\n' },
  };

  for (const path of FORMS) {
    for (const [name, { type, body }] of Object.entries(BROKEN_BODIES)) {
      it(`${path}: ${name} → the page again with a clear message (400), nothing reported`, async () => {
        const sentry = interceptHost('o4501.ingest.sentry.io', () => Response.json({ id: 'b'.repeat(32) }));
        const user = path === '/billing/checkout' ? await createUser() : undefined;
        const response = await send(path, { body, headers: { 'content-type': type }, cookie: user?.cookie, env: { SENTRY_DSN: DSN } });
        expect(response.status).toBe(400);
        expect(response.headers.get('content-type')).toMatch(/text\/html/);
        expect(await response.text()).toContain('could not be read');
        expect(sentry.filter((call) => call.body.includes('"type":"event"'))).toHaveLength(0);
      });
    }
  }

  it('answers a form of another type with 415 on the page, and one over 1 MiB with 413', async () => {
    const wrongType = await send('/contact', { body: '{"name":"x"}', headers: { 'content-type': 'application/json' } });
    expect(wrongType.status).toBe(415);
    expect(await wrongType.text()).toContain('Send the form as a form submission');
    const huge = await send('/contact', { form: { name: 'A', email: 'a@example.com', message: 'x'.repeat(1024 * 1024) } });
    expect(huge.status).toBe(413);
    expect(huge.headers.get('content-type')).toMatch(/text\/html/);
  });

  it('reads a well-formed multipart form like an urlencoded one', async () => {
    const form = new FormData();
    form.set('intent', 'signin');
    form.set('email', 'nobody-multipart@example.com');
    form.set('password', 'not the password');
    const encoded = new Response(form);
    const response = await send('/login', {
      body: new Uint8Array(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type')! },
    });
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain('do not match');
    expect(html).toContain('value="nobody-multipart@example.com"');
  });
});
