import { Hono } from 'hono';
import * as z from 'zod/mini';
import { LOCALES } from '#common/i18n/locales.ts';
import { text } from '#common/schemas/fields.ts';
import type { AppEnv } from '#worker/env.ts';
import { writeLocaleCookie } from '#worker/lib/i18n.ts';
import { validate } from '#worker/lib/validate.ts';
import { access } from '#worker/middleware/access.ts';
import { switchTarget } from '#worker/features/site/language/service.ts';

const switchParams = z.object({ locale: z.enum(LOCALES) });
const switchQuery = z.object({ next: z.optional(text()) });

/**
 * The language switcher (the public footer's links): a plain GET link, so it works without
 * JavaScript; remembers the choice in the `lang` cookie and goes to `next` in that language.
 */
// The languages are the path's pattern: another is the 404 page (and the route fuzz tries these two).
export const languageRoutes = new Hono<AppEnv>().get(
  `/:locale{${LOCALES.join('|')}}`,
  access('public'),
  validate('param', switchParams),
  validate('query', switchQuery),
  (c) => {
    const { locale } = c.req.valid('param');
    writeLocaleCookie(c, locale);
    c.header('Cache-Control', 'no-store');
    return c.redirect(switchTarget(locale, c.req.valid('query').next), 302);
  },
);
