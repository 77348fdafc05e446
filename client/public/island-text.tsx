import type { Locale } from '#common/i18n/locales.ts';
import type { Messages } from '@lingui/core';
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import type { I18n } from '@lingui/core';
import { httpMessages, setHttpMessages } from '#client/lib/http.ts';
import { IslandWords } from '#client/lib/i18n-context.tsx';
import { messages as english } from '#common/locales/islands/compiled/en.ts';
import type { en } from '#common/locales/islands/en.ts';

export type IslandMessageId = keyof typeof en;

/** The islands' words in the page's language and the prefix of its addresses (`/de`, or none for English). */
export interface IslandText {
  prefix: string;
  messages: Messages;
}

/** The id of the page's data block with the islands' words, when the page is not in English (worker/ssr/render.ts). */
export const ISLAND_TEXT_ID = 'island-text';

const ENGLISH: IslandText = { prefix: '', messages: english };
const Context = createContext<IslandText>(ENGLISH);

/**
 * A compiled message (Lingui's format: text and `[name]` arguments) with its values. The
 * islands' catalog holds nothing else (common/locales/islands/en.ts), so no Lingui runtime
 * ships to the public pages.
 */
export function formatMessage(message: Messages[string] | undefined, values: Record<string, string | number> = {}): string {
  if (message === undefined) return '';
  if (typeof message === 'string') return message;
  return message.map((token) => (typeof token === 'string' ? token : String(values[token[0] as string] ?? ''))).join('');
}

/**
 * The request helpers' messages (client/lib/http.ts) in the page's language, once: the server
 * adds them to the words keyed by their English (client/public/island.tsx, islandFormWords).
 */
function sayHttpMessages(messages: Messages): void {
  const say = (english: string) => formatMessage(messages[english] ?? english);
  setHttpMessages({ ...httpMessages, network: say(httpMessages.network), internal: say(httpMessages.internal), unexpected: say(httpMessages.unexpected) });
}

export function IslandTextRoot({ text, children }: { text: IslandText | undefined; children: ReactNode }) {
  const value = text ?? ENGLISH;
  // In the browser only (an effect): the worker's own copy of the messages stays English, the key.
  useEffect(() => {
    if (text) sayHttpMessages(text.messages);
  }, [text]);
  // The shared components' words (useT without Lingui): the ids they use are in the islands' catalog too.
  // A form's message is its own key (useForm): said when the page brought it in its language, else as it is.
  const words = useMemo(
    () => ((id: string, values?: Record<string, string | number>) => formatMessage(value.messages[id] ?? english[id] ?? id, values)) as unknown as I18n['_'],
    [value],
  );
  return (
    <Context value={value}>
      <IslandWords value={words}>{children}</IslandWords>
    </Context>
  );
}

/** The islands' message function and their same-language links: `t('auth.signIn')`, `href('/login')`. */
export function useIslandText(): {
  t: (id: IslandMessageId, values?: Record<string, string | number>) => string;
  href: (path: string) => string;
  /** The page's language (its address's prefix). */
  locale: Locale;
} {
  const { prefix, messages } = useContext(Context);
  return {
    locale: prefix === '/de' ? 'de' : 'en',
    t: (id, values) => formatMessage(messages[id] ?? english[id], values),
    href: (path) => (prefix && path === '/' ? prefix : prefix + path),
  };
}
