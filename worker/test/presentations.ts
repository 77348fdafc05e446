import { env } from 'cloudflare:test';
import { eq } from 'drizzle-orm';
import { getDb } from '#worker/db/client.ts';
import { users } from '#worker/db/schema.ts';
import type { Presentation, PresentationDocument } from '#common/schemas/presentations.ts';
import { DEFAULT_THEME } from '#common/schemas/blocks-theme.ts';
import { createUser, type TestUser } from '#worker/test/factories.ts';
import { send } from '#worker/test/http.ts';

/** Test helpers for presentations (issue 13). */
let counter = 0;

export function uniqueSlug(prefix = 'pitch'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
}

/** A user on the Agency plan (the plan that may author presentations). */
export async function createAgencyUser(name = 'Agency Author'): Promise<TestUser> {
  const user = await createUser({ name });
  await getDb(env.DB)
    .update(users)
    .set({ plan: 'agency', affiliateCode: `ref${user.id.slice(0, 8).replace(/[^A-Za-z0-9]/g, 'x')}` })
    .where(eq(users.id, user.id));
  return user;
}

export function documentFor(customerName: string, overrides: Partial<PresentationDocument> = {}): PresentationDocument {
  return {
    customerName,
    logo: null,
    headline: `Spring campaign for ${customerName}`,
    intro: `Dear ${customerName}, a private note only the customer should read.`,
    theme: DEFAULT_THEME,
    locale: 'en',
    sections: [
      { id: 'hero', type: 'hero', props: { eyebrow: '', subheading: 'Subheading text', image: null, buttonLabel: 'Book a call', background: 'surface' } },
      { id: 'intro', type: 'intro', props: { heading: 'Why this matters', signature: '' } },
      {
        id: 'offer',
        type: 'pricing',
        props: {
          heading: 'The offer',
          intro: '',
          plans: [
            { name: 'Launch', price: '€4,900', period: 'once', description: 'Secret price', features: ['Six creatives'], button: null, highlighted: true },
          ],
        },
      },
      {
        id: 'cta',
        type: 'cta',
        props: { heading: 'Let us talk', text: '', label: 'Book a call', href: 'https://cal.example.com/meet', action: 'link', background: 'primary' },
      },
    ],
    ...overrides,
  };
}

/** Creates (and by default publishes) a presentation through the API. */
export async function createPresentation(
  author: TestUser,
  options: { slug?: string; customerName?: string; publish?: boolean; password?: string; expiresAt?: string; document?: PresentationDocument } = {},
): Promise<Presentation> {
  const customerName = options.customerName ?? 'Acme Bakery';
  const created = await send('/api/presentations', { json: { slug: options.slug ?? uniqueSlug(), customerName }, cookie: author.cookie });
  if (created.status !== 201) throw new Error(`create failed: ${created.status} ${await created.text()}`);
  let presentation = (await created.json()) as Presentation;
  const patch: Record<string, unknown> = { baseRevision: presentation.revision, document: options.document ?? documentFor(customerName) };
  if (options.password) patch.password = options.password;
  if (options.expiresAt) patch.expiresAt = options.expiresAt;
  const patched = await send(`/api/presentations/${presentation.id}`, { method: 'PATCH', json: patch, cookie: author.cookie });
  if (patched.status !== 200) throw new Error(`patch failed: ${patched.status} ${await patched.text()}`);
  presentation = (await patched.json()) as Presentation;
  if (options.publish !== false) {
    const published = await send(`/api/presentations/${presentation.id}/publish`, { method: 'POST', cookie: author.cookie });
    if (published.status !== 200) throw new Error(`publish failed: ${published.status} ${await published.text()}`);
    presentation = (await published.json()) as Presentation;
  }
  return presentation;
}
