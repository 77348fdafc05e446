import { ERROR_STATUS, isErrorCode } from '#common/errors.ts';
import { isApiPath } from '#worker/lib/request-meta.ts';

/**
 * What is wrong with one response to a fuzzed request (issue 15 point 1): a status of 500
 * or more is a bug whatever the input; an /api error must be the one envelope of PRODUCT.md
 * §5 (`{error:{code,message,details?,requestId}}`, a code from the table whose status is the
 * response's) and never a stack trace. Returns the problems, empty when there are none.
 */
export async function responseProblems(path: string, response: Response): Promise<string[]> {
  const problems: string[] = [];
  const text = await response.text();
  const pathname = path.split('?')[0]!;
  // `/error` is the page that describes a failure, and answers its status (500) by design.
  if (response.status >= 500 && !(pathname === '/error' && response.status === 500)) problems.push(`status ${response.status}`);
  if (/\n\s+at .+:\d+:\d+/.test(text)) problems.push('a stack trace in the body');
  // The JSON side of the app: the API and the browser's error tunnel (app.ts wantsHtml).
  const api = isApiPath(pathname) || pathname === '/monitoring';
  if (!api || response.status < 400) return problems;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    problems.push(`an /api error that is not JSON: ${text.slice(0, 120)}`);
    return problems;
  }
  problems.push(...envelopeProblems(body, response.status));
  return problems;
}

/** How a parsed body differs from the error envelope for `status`. */
export function envelopeProblems(body: unknown, status: number): string[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return ['an /api error body that is not an object'];
  const keys = Object.keys(body);
  if (keys.length !== 1 || keys[0] !== 'error') return [`an /api error body with keys ${JSON.stringify(keys)}`];
  const error = (body as { error: unknown }).error;
  if (typeof error !== 'object' || error === null) return ['an /api error whose `error` is not an object'];
  const { code, message, requestId, details, ...rest } = error as Record<string, unknown>;
  const problems: string[] = [];
  if (!isErrorCode(code)) problems.push(`an unknown error code ${JSON.stringify(code)}`);
  else if (ERROR_STATUS[code] !== status) problems.push(`code ${code} (${ERROR_STATUS[code]}) on a ${status} response`);
  if (typeof message !== 'string' || message.length === 0) problems.push('an error without a message');
  if (typeof requestId !== 'string' || requestId.length === 0 || requestId === 'unknown') problems.push('an error without a request id');
  if (details !== undefined) {
    const ok =
      typeof details === 'object' &&
      details !== null &&
      Object.values(details).every((messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'));
    if (!ok) problems.push('error details that are not field → messages');
  }
  if (Object.keys(rest).length > 0) problems.push(`extra error fields ${JSON.stringify(Object.keys(rest))}`);
  return problems;
}
