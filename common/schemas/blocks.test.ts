import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blockDefaults, blockSamples, newBlock } from '#common/schemas/blocks-defaults.ts';
import { createI18n } from '#common/i18n/setup.ts';
import { messages as contentDe } from '#common/locales/content/compiled/de.ts';
import { messages as contentEn } from '#common/locales/content/compiled/en.ts';
import { leadSchemaFor } from '#common/schemas/blocks-leads.ts';
import {
  BLOCK_TYPES,
  FIELD_NAME,
  MAX_BLOCKS,
  RESERVED_FIELD_NAMES,
  SAFE_HREF,
  blockPartIds,
  blockPropsSchemas,
  blockSchema,
  pageDocumentSchema,
  parseVideoUrl,
  type Block,
  type BlockType,
  type FormField,
  type FormProps,
} from '#common/schemas/blocks.ts';

// ---------------------------------------------------------------------------------------
// Arbitraries of valid props: what parses must come back equal.

/** Text as the schema keeps it: well-formed, trimmed, within the limits (`multiline`: LF line breaks). */
const str = (max: number, min = 0, multiline = false) =>
  fc
    .string({ unit: 'grapheme', maxLength: max })
    .map((s) => (multiline ? s.replace(/\r/g, '') : s.replace(/[\r\n]/g, ' ')).trim())
    .filter((s) => s.length >= min && s.length <= max);
const mediaId = fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/);
const imageRef = fc.record({ mediaId, alt: str(200) });
const image = fc.option(imageRef, { nil: null });
const href = fc.oneof(
  fc.webUrl({ validSchemes: ['https'], withQueryParameters: true, withFragments: true }).filter((u) => u.length <= 2000 && SAFE_HREF.test(u)),
  fc
    .emailAddress()
    .map((e) => `mailto:${e}`)
    .filter((u) => SAFE_HREF.test(u)),
  fc
    .stringMatching(/^\+?[0-9 ]{3,20}$/)
    .map((n) => `tel:${n}`.trim())
    .filter((u) => SAFE_HREF.test(u)),
  fc.stringMatching(/^\/[a-z0-9/_-]{0,40}$/).filter((u) => !u.startsWith('//')),
  fc.stringMatching(/^#[A-Za-z][A-Za-z0-9_-]{0,20}$/),
);
const button = fc.record({ label: str(40, 1), href });
const buttonOrNull = fc.option(button, { nil: null });

const formField: fc.Arbitrary<FormField> = fc
  .record({
    name: fc.stringMatching(FIELD_NAME).filter((n) => !(RESERVED_FIELD_NAMES as readonly string[]).includes(n)),
    label: str(120, 1),
    type: fc.constantFrom('text', 'email', 'phone', 'select', 'checkbox'),
    required: fc.boolean(),
    options: fc.uniqueArray(str(80, 1), { minLength: 1, maxLength: 20 }),
    consentText: str(500, 0, true),
  })
  .map(({ options, consentText, ...field }): FormField => {
    if (field.type === 'select') return { ...field, options };
    if (field.type === 'checkbox') return { ...field, consentText };
    return field;
  });

const formProps: fc.Arbitrary<FormProps> = fc.record({
  title: str(120),
  intro: str(400, 0, true),
  fields: fc.uniqueArray(formField, { minLength: 1, maxLength: 12, selector: (f) => f.name }),
  submitLabel: str(40, 1),
  successMessage: str(300, 1, true),
});

const videoUrl = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9_-]{11}$/).map((id) => `https://www.youtube.com/watch?v=${id}`),
  fc.stringMatching(/^[A-Za-z0-9_-]{11}$/).map((id) => `https://youtu.be/${id}`),
  fc.integer({ min: 1, max: 999_999_999 }).map((id) => `https://vimeo.com/${id}`),
);

const arbitraries: { [T in BlockType]: fc.Arbitrary<unknown> } = {
  hero: fc.record({
    eyebrow: str(60),
    heading: str(120, 1),
    subheading: str(400, 0, true),
    primary: buttonOrNull,
    secondary: buttonOrNull,
    image,
    layout: fc.constantFrom('centered', 'split'),
    background: fc.constantFrom('plain', 'surface', 'primary'),
  }),
  text: fc.record({ markdown: str(5000, 0, true), align: fc.constantFrom('left', 'center') }),
  image: fc.record({ image, caption: str(200), width: fc.constantFrom('content', 'wide', 'full') }),
  video: fc.oneof(
    fc.record({ title: str(120, 1), caption: str(200), source: fc.constant('embed'), file: fc.constant(null), url: videoUrl, poster: image }),
    fc.record({ title: str(120, 1), caption: str(200), source: fc.constant('file'), file: fc.option(mediaId, { nil: null }), url: str(300), poster: image }),
  ),
  features: fc.record({
    heading: str(120),
    intro: str(400, 0, true),
    columns: fc.constantFrom(2, 3, 4),
    items: fc.array(
      fc.record({
        icon: fc.option(fc.constantFrom('check', 'star', 'zap', 'shield', 'heart', 'clock', 'chart', 'users', 'globe', 'sparkles', 'gift', 'leaf'), {
          nil: null,
        }),
        title: str(80, 1),
        text: str(400, 0, true),
      }),
      { minLength: 1, maxLength: 12 },
    ),
  }),
  testimonials: fc.record({
    heading: str(120),
    items: fc.array(fc.record({ quote: str(600, 1, true), name: str(80, 1), role: str(80), avatar: image, rating: fc.integer({ min: 0, max: 5 }) }), {
      minLength: 1,
      maxLength: 9,
    }),
  }),
  pricing: fc.record({
    heading: str(120),
    intro: str(400, 0, true),
    plans: fc.array(
      fc.record({
        name: str(60, 1),
        price: str(20, 1),
        period: str(30),
        description: str(200),
        features: fc.array(str(100, 1), { maxLength: 12 }),
        button: buttonOrNull,
        highlighted: fc.boolean(),
      }),
      { minLength: 1, maxLength: 4 },
    ),
  }),
  faq: fc.record({
    heading: str(120),
    items: fc.array(fc.record({ question: str(200, 1), answer: str(2000, 1, true) }), { minLength: 1, maxLength: 30 }),
  }),
  countdown: fc.record({
    heading: str(120),
    endsAt: fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString()),
    expiredText: str(200),
    button: buttonOrNull,
  }),
  form: formProps,
  cta: fc.record({
    heading: str(120, 1),
    text: str(400, 0, true),
    primary: button,
    secondary: buttonOrNull,
    background: fc.constantFrom('primary', 'surface', 'plain'),
  }),
  footer: fc.record({ text: str(300), links: fc.array(fc.record({ label: str(60, 1), href }), { maxLength: 8 }) }),
};

const blockId = fc.stringMatching(/^[A-Za-z0-9_-]{1,32}$/).filter((id) => id !== 'main');
const anyBlock = fc
  .constantFrom(...BLOCK_TYPES)
  .chain((type) => fc.record({ id: blockId, type: fc.constant(type), props: arbitraries[type] })) as fc.Arbitrary<Block>;

describe('block schemas', () => {
  for (const type of BLOCK_TYPES) {
    it(`${type}: any valid props parse back equal (also through JSON)`, () => {
      fc.assert(
        fc.property(arbitraries[type], blockId, (props, id) => {
          expect(blockPropsSchemas[type].parse(props)).toEqual(props);
          const block = { id, type, props };
          expect(blockSchema.parse(JSON.parse(JSON.stringify(block)))).toEqual(block);
        }),
        { numRuns: 60 },
      );
    });
  }

  it('a page document of valid blocks parses back equal', () => {
    fc.assert(
      fc.property(
        // Ids unique, and none taken by another block's parts (its heading, form fields…).
        fc.uniqueArray(anyBlock, { maxLength: 6, selector: (b) => b.id }).filter((blocks) => {
          const parts = new Set(blocks.flatMap(blockPartIds));
          return blocks.every((b) => !parts.has(b.id));
        }),
        fc.record({ title: str(70), description: str(160), image }),
        (blocks, seo) => {
          const doc = { blocks, seo };
          expect(pageDocumentSchema.parse(JSON.parse(JSON.stringify(doc)))).toEqual(doc);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('the defaults and the samples are valid props', () => {
    for (const type of BLOCK_TYPES) {
      expect(blockPropsSchemas[type].parse(blockDefaults[type]())).toEqual(blockDefaults[type]());
      expect(blockPropsSchemas[type].parse(blockSamples[type])).toEqual(blockSamples[type]);
      expect(blockSchema.safeParse(newBlock(type, 'b1')).success).toBe(true);
    }
  });

  it('text is trimmed, made well-formed (a lone surrogate becomes U+FFFD) and limited', () => {
    const hero = { ...blockSamples.hero, heading: '  Big \ud800 news  ' };
    expect(blockPropsSchemas.hero.parse(hero).heading).toBe('Big \ufffd news');
    expect(blockPropsSchemas.hero.safeParse({ ...blockSamples.hero, heading: 'x'.repeat(121) }).success).toBe(false);
    expect(blockPropsSchemas.hero.safeParse({ ...blockSamples.hero, heading: '   ' }).success).toBe(false);
    expect(blockPropsSchemas.text.parse({ markdown: 'a\r\nb', align: 'left' }).markdown).toBe('a\nb');
    // Ids, media ids and field names are patterns: a lone surrogate there is refused.
    expect(blockSchema.safeParse({ id: 'b\ud800', type: 'text', props: blockSamples.text }).success).toBe(false);
    expect(blockPropsSchemas.image.safeParse({ ...blockSamples.image, image: { mediaId: 'm\udc00', alt: '' } }).success).toBe(false);
    const form = blockSamples.form;
    expect(blockPropsSchemas.form.safeParse({ ...form, fields: [{ ...form.fields[0], name: 'n\ud800' }] }).success).toBe(false);
  });

  it('refuses unknown types, missing props and wrong shapes', () => {
    expect(blockSchema.safeParse({ id: 'b1', type: 'script', props: {} }).success).toBe(false);
    expect(blockSchema.safeParse({ id: 'b1', type: 'hero', props: {} }).success).toBe(false);
    expect(blockSchema.safeParse({ id: 'b1', type: 'hero', props: blockSamples.text }).success).toBe(false);
    expect(blockSchema.safeParse({ id: '', type: 'text', props: blockSamples.text }).success).toBe(false);
    expect(blockSchema.safeParse({ id: 'x'.repeat(33), type: 'text', props: blockSamples.text }).success).toBe(false);
    expect(
      blockPropsSchemas.testimonials.safeParse({ ...blockSamples.testimonials, items: [{ ...blockSamples.testimonials.items[0], rating: 6 }] }).success,
    ).toBe(false);
    expect(
      blockPropsSchemas.testimonials.safeParse({ ...blockSamples.testimonials, items: [{ ...blockSamples.testimonials.items[0], rating: 2.5 }] }).success,
    ).toBe(false);
    expect(blockPropsSchemas.features.safeParse({ ...blockSamples.features, columns: 5 }).success).toBe(false);
    expect(blockPropsSchemas.features.safeParse({ ...blockSamples.features, items: [] }).success).toBe(false);
    expect(blockPropsSchemas.pricing.safeParse({ ...blockSamples.pricing, plans: Array(5).fill(blockSamples.pricing.plans[0]) }).success).toBe(false);
  });

  it('hidden on phone is optional: absent (every stored block) parses unchanged, only `phone: true` is accepted', () => {
    const block = { id: 'b1', type: 'text', props: blockSamples.text };
    expect(blockSchema.parse(block)).toEqual(block);
    expect(blockSchema.parse({ ...block, hidden: { phone: true } })).toEqual({ ...block, hidden: { phone: true } });
    expect(blockSchema.parse({ ...block, hidden: {} })).toEqual({ ...block, hidden: {} });
    expect(blockSchema.safeParse({ ...block, hidden: { phone: false } }).success).toBe(false);
    expect(blockSchema.safeParse({ ...block, hidden: { phone: 'yes' } }).success).toBe(false);
    expect(blockSchema.safeParse({ ...block, hidden: true }).success).toBe(false);
  });

  it('refuses more than 40 blocks and duplicate block ids', () => {
    const blocks = Array.from({ length: MAX_BLOCKS + 1 }, (_, i) => ({ id: `b${i}`, type: 'text', props: blockSamples.text }));
    const seo = { title: '', description: '', image: null };
    expect(pageDocumentSchema.safeParse({ blocks: blocks.slice(0, MAX_BLOCKS), seo }).success).toBe(true);
    expect(pageDocumentSchema.safeParse({ blocks, seo }).success).toBe(false);
    expect(pageDocumentSchema.safeParse({ blocks: [blocks[0], blocks[0]], seo }).success).toBe(false);
    expect(pageDocumentSchema.safeParse({ blocks: [], seo: { ...seo, title: 'x'.repeat(71) } }).success).toBe(false);
    expect(pageDocumentSchema.safeParse({ blocks: [], seo: { ...seo, description: 'x'.repeat(161) } }).success).toBe(false);
  });

  it('refuses block ids the page uses for its own elements: `main`, and another block’s heading, form fields, errors and honeypot', () => {
    const seo = { title: '', description: '', image: null };
    const doc = (...blocks: { id: string; type: string; props: unknown }[]) => pageDocumentSchema.safeParse({ blocks, seo }).success;
    const text = (id: string) => ({ id, type: 'text', props: blockSamples.text });
    const hero = (id: string) => ({ id, type: 'hero', props: blockSamples.hero });
    const form = (id: string) => ({
      id,
      type: 'form',
      props: { ...blockSamples.form, fields: [{ name: 'email', label: 'Email', type: 'email', required: true }] },
    });
    expect(blockSchema.safeParse(text('main')).success).toBe(false);
    expect(doc(text('main'))).toBe(false);
    expect(doc(text('Main'), text('main-1'), hero('hero'), form('signup'))).toBe(true);
    for (const taken of ['hero-title', 'signup-title', 'signup-email', 'signup-email-error', 'signup-website']) {
      expect(doc(hero('hero'), form('signup'), text(taken)), taken).toBe(false);
    }
    expect(blockPartIds(form('signup') as never)).toEqual(['signup-title', 'signup-website', 'signup-email', 'signup-email-error']);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'http://example.com',
    '//evil.example',
    '/\\evil.example',
    'https://',
    'https://example.com/"onmouseover="alert(1)',
    'https://example.com/<script>',
    'https://exa mple.com',
    'https://example.com/\u0000',
    'mailto:',
    'mailto:javascript:alert(1)',
    'tel:javascript',
    '#',
    '#1 <b>',
    'example.com',
    '',
  ])('refuses the link %j on buttons and footer links', (bad) => {
    expect(blockPropsSchemas.cta.safeParse({ ...blockSamples.cta, primary: { label: 'Go', href: bad } }).success).toBe(false);
    expect(blockPropsSchemas.hero.safeParse({ ...blockSamples.hero, primary: { label: 'Go', href: bad } }).success).toBe(false);
    expect(blockPropsSchemas.footer.safeParse({ text: '', links: [{ label: 'Go', href: bad }] }).success).toBe(false);
  });

  it.each(['https://example.com', 'https://shop.example.com:8443/a?b=c#d', 'mailto:hello@example.com', 'tel:+49 30 1234567', '/thanks', '/', '#signup'])(
    'accepts the link %j',
    (good) => {
      expect(blockPropsSchemas.cta.parse({ ...blockSamples.cta, primary: { label: 'Go', href: good } }).primary.href).toBe(good);
    },
  );

  it('a video embed must be a YouTube or Vimeo link', () => {
    const video = { ...blockSamples.video, source: 'embed' as const };
    expect(blockPropsSchemas.video.safeParse({ ...video, url: 'https://evil.example/watch?v=aqz-KE-bpKQ' }).success).toBe(false);
    expect(blockPropsSchemas.video.safeParse({ ...video, url: 'javascript:alert(1)' }).success).toBe(false);
    expect(blockPropsSchemas.video.safeParse({ ...video, url: '' }).success).toBe(false);
    // A file video needs no address.
    expect(blockPropsSchemas.video.safeParse({ ...video, source: 'file', url: '' }).success).toBe(true);
  });

  it('parses YouTube and Vimeo addresses into privacy-friendly players', () => {
    expect(parseVideoUrl('https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=10')).toEqual({
      provider: 'youtube',
      id: 'aqz-KE-bpKQ',
      embedUrl: 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ?autoplay=1',
      watchUrl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
    });
    expect(parseVideoUrl('https://youtu.be/aqz-KE-bpKQ')?.id).toBe('aqz-KE-bpKQ');
    expect(parseVideoUrl('https://www.youtube.com/shorts/aqz-KE-bpKQ')?.id).toBe('aqz-KE-bpKQ');
    expect(parseVideoUrl('https://www.youtube.com/watch?feature=share&v=aqz-KE-bpKQ')?.id).toBe('aqz-KE-bpKQ');
    expect(parseVideoUrl('https://vimeo.com/76979871')).toMatchObject({
      provider: 'vimeo',
      id: '76979871',
      embedUrl: 'https://player.vimeo.com/video/76979871?autoplay=1&dnt=1',
    });
    expect(parseVideoUrl('https://player.vimeo.com/video/76979871')?.id).toBe('76979871');
    expect(parseVideoUrl('http://www.youtube.com/watch?v=aqz-KE-bpKQ')).toBeNull();
    expect(parseVideoUrl('https://www.youtube.com.evil.example/watch?v=aqz-KE-bpKQ')).toBeNull();
    expect(parseVideoUrl('https://www.youtube.com/watch?v=short')).toBeNull();
  });

  it('a countdown needs an instant in UTC', () => {
    const ok = (endsAt: string) => blockPropsSchemas.countdown.safeParse({ ...blockSamples.countdown, endsAt }).success;
    expect(ok('2030-04-30T22:00:00Z')).toBe(true);
    expect(ok('2030-04-30T22:00Z')).toBe(true);
    expect(ok('2030-04-30T22:00:00.123Z')).toBe(true);
    expect(ok('2030-04-30')).toBe(false);
    expect(ok('2030-13-01T00:00:00Z')).toBe(false);
    expect(ok('2030-04-30T22:00:00+02:00')).toBe(false);
    expect(ok('tomorrow')).toBe(false);
  });

  it('form fields: names are patterns, unique and not the page’s own; a select needs options', () => {
    const form = blockSamples.form;
    const withFields = (fields: unknown[]) => blockPropsSchemas.form.safeParse({ ...form, fields }).success;
    const field = { name: 'city', label: 'City', type: 'text', required: false };
    expect(withFields([field])).toBe(true);
    expect(withFields([field, field])).toBe(false);
    expect(withFields([{ ...field, name: 'City' }])).toBe(false);
    expect(withFields([{ ...field, name: '1city' }])).toBe(false);
    expect(withFields([{ ...field, name: 'a'.repeat(33) }])).toBe(false);
    for (const name of RESERVED_FIELD_NAMES) expect(withFields([{ ...field, name }])).toBe(false);
    // Names every plain object already has: refused, so a form's values and errors never read Object's prototype.
    for (const name of ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty']) expect(withFields([{ ...field, name }]), name).toBe(false);
    for (const name of Object.getOwnPropertyNames(Object.prototype)) {
      if (FIELD_NAME.test(name)) expect(RESERVED_FIELD_NAMES, name).toContain(name);
    }
    expect(withFields([{ ...field, type: 'select' }])).toBe(false);
    expect(withFields([{ ...field, type: 'select', options: [] }])).toBe(false);
    expect(withFields([{ ...field, type: 'select', options: ['A', 'A'] }])).toBe(false);
    expect(withFields([{ ...field, type: 'select', options: ['A', 'B'] }])).toBe(true);
    expect(withFields([{ ...field, type: 'password' }])).toBe(false);
    expect(withFields([])).toBe(false);
    expect(withFields(Array.from({ length: 13 }, (_, i) => ({ ...field, name: `f${i}` })))).toBe(false);
    expect(withFields(Array.from({ length: 12 }, (_, i) => ({ ...field, name: `f${i}` })))).toBe(true);
  });
});

const ENGLISH = createI18n('en', contentEn);

describe('leadSchemaFor', () => {
  const form = blockSamples.form; // name*, email*, phone, roast* (select), consent* (checkbox)
  const lead = leadSchemaFor(form, ENGLISH);
  const valid = { name: 'Lena', email: 'lena@example.com', phone: '', roast: 'Dark', consent: 'on' };
  const errorsOf = (input: unknown) => {
    const result = lead.safeParse(input);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
  };

  it('accepts a valid submission: trimmed, email lower-cased, checkbox as boolean, unknown keys dropped', () => {
    expect(lead.parse({ ...valid, name: '  Lena  ', email: ' Lena@Example.COM ', website: '', utm_source: 'ig', formId: 'b1' })).toEqual({
      name: 'Lena',
      email: 'lena@example.com',
      phone: '',
      roast: 'Dark',
      consent: true,
    });
    expect(lead.parse({ ...valid, phone: '+49 (30) 123-4567' }).phone).toBe('+49 (30) 123-4567');
    expect(lead.parse({ ...valid, consent: true }).consent).toBe(true);
  });

  it('refuses missing required fields, each under its own name', () => {
    expect(Object.keys(errorsOf({})).sort()).toEqual(['consent', 'email', 'name', 'roast']);
    expect(errorsOf({ ...valid, name: '   ' })).toEqual({ name: 'Fill in “Name”.' });
    expect(errorsOf({ ...valid, consent: undefined })).toEqual({ consent: 'Tick this box to continue.' });
    expect(errorsOf({ ...valid, consent: 'off' })).toEqual({ consent: 'Tick this box to continue.' });
    expect(errorsOf({ ...valid, consent: false })).toEqual({ consent: 'Tick this box to continue.' });
  });

  it('refuses a bad email, a bad phone, an option not in the list and overlong text', () => {
    expect(errorsOf({ ...valid, email: 'lena@' })).toHaveProperty('email');
    expect(errorsOf({ ...valid, email: 'lena example.com' })).toHaveProperty('email');
    expect(errorsOf({ ...valid, phone: 'call me' })).toHaveProperty('phone');
    expect(errorsOf({ ...valid, phone: '12' })).toHaveProperty('phone');
    expect(errorsOf({ ...valid, roast: 'Blue' })).toHaveProperty('roast');
    expect(errorsOf({ ...valid, roast: 'dark' })).toHaveProperty('roast');
    expect(errorsOf({ ...valid, name: 'x'.repeat(501) })).toHaveProperty('name');
    expect(errorsOf({ ...valid, name: ['a', 'b'] })).toHaveProperty('name');
    expect(errorsOf({ ...valid, email: 'x'.repeat(250) + '@a.de' })).toHaveProperty('email');
  });

  it('optional fields may be empty or missing; an unticked optional checkbox is false', () => {
    const optional = leadSchemaFor(
      {
        fields: [
          { name: 'email', label: 'Email', type: 'email', required: false },
          { name: 'size', label: 'Size', type: 'select', required: false, options: ['S', 'M'] },
          { name: 'news', label: 'News', type: 'checkbox', required: false, consentText: 'Send me news' },
          { name: 'note', label: 'Note', type: 'text', required: false },
        ],
      },
      ENGLISH,
    );
    expect(optional.parse({})).toEqual({ email: '', size: '', news: false, note: '' });
    expect(optional.parse({ email: '', size: '', note: '' })).toEqual({ email: '', size: '', news: false, note: '' });
    expect(optional.safeParse({ size: 'L' }).success).toBe(false);
    expect(optional.safeParse({ email: 'nope' }).success).toBe(false);
  });

  it('a lone surrogate in a submission does not survive', () => {
    expect(lead.parse({ ...valid, name: 'Le\ud800na' }).name).toBe('Le\ufffdna');
  });

  it('any valid form accepts a submission that fills every field correctly', () => {
    fc.assert(
      fc.property(formProps, (props) => {
        const input: Record<string, string> = {};
        for (const field of props.fields) {
          input[field.name] =
            field.type === 'email'
              ? 'a@example.com'
              : field.type === 'phone'
                ? '+1 555 0100'
                : field.type === 'select'
                  ? field.options![0]!
                  : field.type === 'checkbox'
                    ? 'on'
                    : 'x';
        }
        const result = leadSchemaFor(props, ENGLISH).safeParse(input);
        expect(result.success).toBe(true);
        expect(Object.keys(result.data ?? {}).sort()).toEqual(props.fields.map((f) => f.name).sort());
      }),
      { numRuns: 60 },
    );
  });
});

describe('leadSchemaFor in German', () => {
  it('tells a funnel’s German visitors what to fix in German', () => {
    const german = leadSchemaFor(
      {
        fields: [
          { name: 'email', label: 'E-Mail', type: 'email', required: true },
          { name: 'ok', label: 'OK', type: 'checkbox', required: true, consentText: 'Ja' },
        ],
      },
      createI18n('de', contentDe),
    );
    const result = german.safeParse({ email: 'nope' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['email', 'Bitte geben Sie eine gültige E-Mail-Adresse ein, z. B. name@example.com.'],
      ['ok', 'Bitte setzen Sie das Häkchen, um fortzufahren.'],
    ]);
    expect(german.safeParse({}).error?.issues[0]?.message).toBe('Bitte geben Sie Ihre E-Mail-Adresse ein.');
  });
});
