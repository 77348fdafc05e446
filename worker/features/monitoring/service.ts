import { AppError } from '#worker/lib/errors.ts';
import { httpUrl } from '#worker/lib/http-url.ts';

export const MAX_ENVELOPE_BYTES = 1024 * 1024;

export interface ParsedDsn {
  protocol: string;
  host: string;
  publicKey: string;
  projectId: string;
  /** Path before the project id (self-hosted Sentry under a prefix), without slashes at the ends. */
  pathPrefix: string;
}

/** `https://<publicKey>@<host>[/<prefix>]/<projectId>` → its parts; undefined when malformed. */
export function parseDsn(dsn: string): ParsedDsn | undefined {
  const url = httpUrl(dsn);
  if (!url) return undefined;
  const segments = url.pathname.split('/').filter(Boolean);
  const projectId = segments.pop();
  if (!url.username || !projectId || !/^\d+$/.test(projectId) || url.password) return undefined;
  return { protocol: url.protocol, host: url.host, publicKey: url.username, projectId, pathPrefix: segments.join('/') };
}

function sameDsn(a: ParsedDsn, b: ParsedDsn): boolean {
  return a.protocol === b.protocol && a.host === b.host && a.publicKey === b.publicKey && a.projectId === b.projectId && a.pathPrefix === b.pathPrefix;
}

/**
 * The Sentry tunnel (PRODUCT.md §5): forwards a browser's envelope only when its
 * header names exactly the configured DSN, to that DSN's envelope endpoint, and never
 * follows a redirect. It is never an open proxy.
 */
export async function forwardEnvelope(configuredDsn: string, envelope: Uint8Array<ArrayBuffer>): Promise<Response> {
  const configured = parseDsn(configuredDsn);
  if (!configured) throw new AppError('not_found');
  const newline = envelope.indexOf(0x0a);
  const headerText = new TextDecoder().decode(newline === -1 ? envelope : envelope.subarray(0, newline));
  let header: unknown;
  try {
    header = JSON.parse(headerText);
  } catch {
    throw new AppError('bad_request', 'The error report is not a Sentry envelope.');
  }
  const dsnText = typeof header === 'object' && header !== null ? (header as { dsn?: unknown }).dsn : undefined;
  if (typeof dsnText !== 'string') throw new AppError('bad_request', 'The error report names no DSN.');
  const dsn = parseDsn(dsnText);
  if (!dsn) throw new AppError('bad_request', 'The error report names a malformed DSN.');
  if (!sameDsn(dsn, configured)) throw new AppError('forbidden', 'This tunnel only forwards reports for its own Sentry project.');

  const prefix = configured.pathPrefix ? `/${configured.pathPrefix}` : '';
  const target = `${configured.protocol}//${configured.host}${prefix}/api/${configured.projectId}/envelope/`;
  let upstream: Response;
  try {
    upstream = await fetch(target, {
      method: 'POST',
      body: envelope,
      headers: { 'content-type': 'application/x-sentry-envelope' },
      redirect: 'manual',
    });
  } catch {
    throw new AppError('upstream_failed', 'Sentry could not be reached.');
  }
  if (upstream.status >= 300 && upstream.status < 400) {
    throw new AppError('upstream_failed', 'Sentry answered with a redirect, which is never followed.');
  }
  return new Response(upstream.body, {
    status: upstream.status,
    headers: { 'content-type': upstream.headers.get('content-type') ?? 'application/json' },
  });
}
