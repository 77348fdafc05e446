import { AppError } from '#worker/lib/errors.ts';
import { concatBytes } from '#worker/lib/body.ts';

/**
 * Outbound fetches of addresses a user gave us (a website to read, later a public API's
 * `image_url`s): only public https hosts, every redirect hop checked again, a size and a time
 * limit, nothing of ours sent along. Server-side request forgery is the risk: an address (or a
 * redirect) pointing at a private network, a metadata service or the machine itself.
 *
 * Hosts are checked by name and by IP literal; a public name that resolves to a private address
 * cannot be checked here (Workers have no DNS lookup before fetch), but Cloudflare's edge does
 * not route a Worker's fetch into private ranges, so that gap is closed below us.
 */

export const SAFE_FETCH_LIMITS = { maxBytes: 2 * 1024 * 1024, timeoutMs: 5_000, maxRedirects: 3 } as const;
export const BOT_USER_AGENT = 'AdloomBot/1.0 (+https://adloom.app/bot)';

export type RefusalReason = 'invalid' | 'not_https' | 'credentials' | 'port' | 'private_address' | 'local_name' | 'too_many_redirects' | 'too_large';
export type UpstreamReason = 'timeout' | 'status' | 'network';

/** What the caller shows the user for each refusal (a 422 on the address field). */
const REFUSALS: Record<RefusalReason, string> = {
  invalid: 'Enter a web address like https://example.com.',
  not_https: 'Only secure (https://) addresses can be read.',
  credentials: 'Enter the address without a user name or password.',
  port: 'Only addresses on the standard https port can be read.',
  private_address: 'That address points inside a private network.',
  local_name: 'That address is a local name, not a public website.',
  too_many_redirects: 'That address redirects too many times.',
  too_large: `That page is larger than ${SAFE_FETCH_LIMITS.maxBytes / 1024 / 1024} MB, more than we read.`,
};

/** A fetch that our rules refused (the address, a redirect, the size): the user's input is the problem. */
export class FetchRefused extends Error {
  constructor(
    readonly reason: RefusalReason,
    /** The address refused (a redirect's target, not necessarily the one asked for). */
    readonly url: string,
  ) {
    super(REFUSALS[reason]);
    this.name = 'FetchRefused';
  }
}

/** The other side failed: no answer in time, an error status, a broken connection. */
export class UpstreamFailed extends Error {
  constructor(
    readonly reason: UpstreamReason,
    readonly url: string,
    readonly status?: number,
  ) {
    super(
      reason === 'timeout'
        ? 'The site did not answer in time.'
        : reason === 'status'
          ? `The site answered with an error (HTTP ${status}).`
          : 'The site could not be reached.',
    );
    this.name = 'UpstreamFailed';
  }
}

/** The site's failure and what to do, as one sentence each (the validation area matches whole messages: decision 0032). */
const UPSTREAM_MESSAGES: Record<UpstreamReason, (status?: number) => string> = {
  timeout: () => 'The site did not answer in time. Check the address, or try again later.',
  status: (status) => `The site answered with an error (HTTP ${status}). Check the address, or try again later.`,
  network: () => 'The site could not be reached. Check the address, or try again later.',
};

/** The API's answer to a failed safe fetch of the address in `field`: 422 for a refusal, 502 for the site. */
export function fetchErrorToAppError(error: FetchRefused | UpstreamFailed, field = 'url'): AppError {
  if (error instanceof FetchRefused) return new AppError('validation_failed', error.message, { [field]: [error.message] });
  return new AppError('upstream_failed', UPSTREAM_MESSAGES[error.reason](error.status));
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

function ipv4Parts(host: string): number[] | undefined {
  if (!IPV4.test(host)) return undefined;
  const parts = host.split('.').map(Number);
  return parts.every((p) => p <= 255) ? parts : undefined;
}

/** 0.0.0.0/8, private, shared (CGNAT), loopback, link-local (and the metadata address in it), IETF, benchmarking, multicast, reserved. */
function isBlockedIpv4([a, b]: number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b! >= 64 && b! <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b! >= 16 && b! <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a! >= 224
  );
}

/** The eight 16-bit groups of an IPv6 address (URL parsing has already normalised it), or undefined. */
function ipv6Groups(host: string): number[] | undefined {
  let text = host;
  const tail: number[] = [];
  const dotted = /:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted) {
    const v4 = ipv4Parts(dotted[1]!);
    if (!v4) return undefined;
    tail.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
    // Keep "::" when the address ends in it ("::1.2.3.4"), drop a single separating colon.
    text = text.slice(0, dotted.index + 1);
    if (!text.endsWith('::')) text = text.slice(0, -1);
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => (/^[0-9a-f]{1,4}$/i.test(g) ? parseInt(g, 16) : NaN)));
  const head = parse(halves[0]!);
  const rest = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - rest.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 0) return undefined;
  const groups = [...head, ...Array<number>(Math.max(missing, 0)).fill(0), ...rest, ...tail];
  return groups.length === 8 && groups.every((g) => Number.isInteger(g)) ? groups : undefined;
}

/**
 * Unspecified, loopback, unique-local (fc00::/7, with AWS's fd00:ec2::254), link-local, the old
 * site-local, multicast; and an IPv4 address carried inside (mapped ::ffff:0:0/96, compatible
 * ::/96, NAT64 64:ff9b::/96, 6to4 2002::/16) by that address's rules.
 */
function isBlockedIpv6(groups: number[]): boolean {
  const [g0, g1] = groups as [number, number];
  const zeros = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  const v4 = (hi: number, lo: number) => [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff];
  if (zeros(0, 8)) return true;
  if (zeros(0, 7) && groups[7] === 1) return true;
  if ((g0 & 0xfe00) === 0xfc00 || (g0 & 0xffc0) === 0xfe80 || (g0 & 0xffc0) === 0xfec0 || (g0 & 0xff00) === 0xff00) return true;
  if (zeros(0, 5) && (groups[5] === 0xffff || groups[5] === 0)) return isBlockedIpv4(v4(groups[6]!, groups[7]!));
  if (g0 === 0x64 && g1 === 0xff9b && zeros(2, 6)) return isBlockedIpv4(v4(groups[6]!, groups[7]!));
  if (g0 === 0x2002) return isBlockedIpv4(v4(g1, groups[2]!));
  return false;
}

/** Names that only mean something inside a network: never a customer's public website. */
const LOCAL_SUFFIXES = ['.localhost', '.local', '.internal', '.home.arpa', '.lan', '.intranet'];

/** Why `url` may not be fetched, or undefined when it may (https, public host, port 443, no credentials). */
export function refusalOf(url: URL): RefusalReason | undefined {
  if (url.protocol !== 'https:') return 'not_https';
  if (url.username || url.password) return 'credentials';
  if (url.port !== '' && url.port !== '443') return 'port';
  // A trailing dot names the same host ("localhost." is localhost).
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[')) {
    const groups = ipv6Groups(host.slice(1, -1));
    return !groups || isBlockedIpv6(groups) ? 'private_address' : undefined;
  }
  const v4 = ipv4Parts(host);
  if (v4) return isBlockedIpv4(v4) ? 'private_address' : undefined;
  // URL parsing turns every numeric IPv4 form (decimal, octal, hex) into dotted decimal; a name
  // that is still all digits and dots is not a real host either.
  if (/^[\d.]+$/.test(host)) return 'invalid';
  if (host === '' || host === 'localhost' || !host.includes('.') || LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix))) return 'local_name';
  return undefined;
}

/** `input` as a URL we may fetch; throws FetchRefused otherwise. */
export function checkedUrl(input: string | URL, base?: string | URL): URL {
  const text = String(input);
  if (!URL.canParse(text, base)) throw new FetchRefused('invalid', text);
  const url = new URL(text, base);
  const reason = refusalOf(url);
  if (reason) throw new FetchRefused(reason, url.href);
  url.hash = '';
  return url;
}

export interface SafeFetchOptions {
  /** The Accept header (what the caller can use). */
  accept?: string;
  maxBytes?: number;
  /** What sends each hop (default: the runtime's fetch): the brand reader's demo sites answer some reserved hosts themselves. */
  fetcher?: (url: string, init: RequestInit) => Promise<Response>;
  /**
   * A caller's overall deadline (several fetches for one answer): when it aborts, the fetch
   * ends at once as a timeout, like its own time limit.
   */
  signal?: AbortSignal;
  /** POST sends `body` (a webhook delivery); default GET. */
  method?: 'GET' | 'POST';
  body?: string;
  /** Headers sent besides ours (a webhook's signature); never cookies or credentials of ours. */
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** Redirects followed (each hop checked again); 0: a redirect is refused (a webhook's POST is not re-sent elsewhere). */
  maxRedirects?: number;
  /** Answers any status (a webhook's log shows it) instead of throwing for one that is not 2xx. */
  anyStatus?: boolean;
  /** Keeps the first `maxBytes` of a longer body instead of refusing it (a log's excerpt). */
  truncate?: boolean;
}

export interface SafeResponse {
  /** The address finally read (after redirects). */
  url: string;
  status: number;
  headers: Headers;
  body: Uint8Array<ArrayBuffer>;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/**
 * `credentials: 'omit'` where the runtime knows the field: workerd throws "not implemented" for
 * it unless its compatibility flags enable it (a Worker has no cookie jar anyway).
 */
const OMIT_CREDENTIALS: RequestInit = 'credentials' in Request.prototype ? { credentials: 'omit' } : {};

/**
 * GETs `input` under the rules above and reads its whole body (at most `maxBytes`). Throws
 * FetchRefused (our rules: the address, a redirect, the size) or UpstreamFailed (no answer
 * within the time limit, a status that is not 2xx after redirects, a broken connection). The
 * time limit covers every hop and the body, on a setTimeout (fake timers drive it in tests);
 * reads are raced against it, so a body that trickles cannot hold the request open.
 */
export async function safeFetch(input: string | URL, options: SafeFetchOptions = {}): Promise<SafeResponse> {
  const maxBytes = options.maxBytes ?? SAFE_FETCH_LIMITS.maxBytes;
  const send = options.fetcher ?? ((target: string, init: RequestInit) => fetch(target, init));
  let url = checkedUrl(input);
  const controller = new AbortController();
  let rejectTimeout: (error: Error) => void = () => {};
  const timedOut = new Promise<never>((_, reject) => (rejectTimeout = reject));
  timedOut.catch(() => {});
  const giveUp = () => {
    rejectTimeout(new UpstreamFailed('timeout', url.href));
    controller.abort();
  };
  if (options.signal?.aborted) throw new UpstreamFailed('timeout', url.href);
  const timer = setTimeout(giveUp, options.timeoutMs ?? SAFE_FETCH_LIMITS.timeoutMs);
  options.signal?.addEventListener('abort', giveUp, { once: true });
  const inTime = <T>(promise: Promise<T>) => Promise.race([promise, timedOut]);
  try {
    for (let redirects = 0; ; redirects++) {
      let response: Response;
      try {
        response = await inTime(
          send(url.href, {
            method: options.method ?? 'GET',
            redirect: 'manual',
            signal: controller.signal,
            ...OMIT_CREDENTIALS,
            ...(options.body === undefined ? {} : { body: options.body }),
            // No Cookie, no Authorization of ours: the fetch starts from a blank set of headers.
            headers: { ...options.headers, 'user-agent': BOT_USER_AGENT, accept: options.accept ?? '*/*' },
          }),
        );
      } catch (error) {
        if (error instanceof UpstreamFailed) throw error;
        throw new UpstreamFailed('network', url.href);
      }
      if (REDIRECTS.has(response.status)) {
        await response.body?.cancel().catch(() => {});
        const location = response.headers.get('location');
        if (!location) throw new UpstreamFailed('status', url.href, response.status);
        if (redirects >= (options.maxRedirects ?? SAFE_FETCH_LIMITS.maxRedirects)) throw new FetchRefused('too_many_redirects', url.href);
        url = checkedUrl(location, url);
        continue;
      }
      if (!options.anyStatus && (response.status < 200 || response.status > 299)) {
        await response.body?.cancel().catch(() => {});
        throw new UpstreamFailed('status', url.href, response.status);
      }
      const declared = Number(response.headers.get('content-length'));
      if (!options.truncate && Number.isFinite(declared) && declared > maxBytes) {
        await response.body?.cancel().catch(() => {});
        throw new FetchRefused('too_large', url.href);
      }
      const body = await readWithin(response.body, maxBytes, url.href, inTime, options.truncate ?? false);
      return { url: url.href, status: response.status, headers: response.headers, body };
    }
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', giveUp);
  }
}

/** The body's bytes, stopping (and cancelling the stream) as soon as they pass `maxBytes`, whatever Content-Length said. */
async function readWithin(
  body: ReadableStream<Uint8Array> | null,
  maxBytes: number,
  url: string,
  inTime: <T>(promise: Promise<T>) => Promise<T>,
  truncate: boolean,
): Promise<Uint8Array<ArrayBuffer>> {
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await inTime(reader.read());
      } catch (error) {
        throw error instanceof UpstreamFailed ? error : new UpstreamFailed('network', url);
      }
      if (next.done) return concatBytes(chunks, size);
      size += next.value.byteLength;
      if (size > maxBytes && truncate) {
        chunks.push(next.value);
        reader.cancel().catch(() => {});
        return concatBytes(chunks, size).slice(0, maxBytes);
      }
      if (size > maxBytes) throw new FetchRefused('too_large', url);
      chunks.push(next.value);
    }
  } catch (error) {
    reader.cancel().catch(() => {});
    throw error;
  }
}
