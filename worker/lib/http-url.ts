/** `text` as a URL when it is one with an http(s) scheme (a referrer, a Sentry DSN); undefined otherwise. */
export function httpUrl(text: string): URL | undefined {
  if (!URL.canParse(text)) return undefined;
  const url = new URL(text);
  return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
}
