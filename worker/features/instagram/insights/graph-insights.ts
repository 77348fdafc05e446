/**
 * The Graph API's media insights (Instagram API with Instagram Login, decision 0055):
 * `GET /{ig-media-id}/insights?metric=…`, behind one small interface that the sandbox
 * (sandbox-insights.ts) implements too. The answer is sorted here into figures, or into
 * what the job does next: wait (rate limit), stop asking (the media is gone), or ask the
 * owner to reconnect.
 */
import type { AdKind } from '#common/ads.ts';

export const GRAPH_ORIGIN = 'https://graph.instagram.com';
export const GRAPH_VERSION = 'v23.0';

/** The figures of one post; null: the post's type has no such metric (a story has no likes) or Instagram sent none yet. */
export interface Figures {
  reach: number | null;
  likes: number | null;
  comments: number | null;
  saves: number | null;
  shares: number | null;
  views: number | null;
}

export interface InsightsRequest {
  /** Ours (the sandbox seeds its numbers with it); Meta only sees the media id. */
  postId: string;
  mediaId: string;
  kind: AdKind;
  publishedAt: Date;
}

export interface InsightsReader {
  readonly sandbox: boolean;
  mediaInsights(request: InsightsRequest): Promise<Figures>;
}

/**
 * Metrics per media type since v22 (impressions, plays and video_views are gone: `views`
 * replaced them). A story has reach, shares and views (replies and navigation are not shown
 * here); feed posts and carousels have all six. Reels (not published by Adloom yet) take the feed's.
 */
export const METRICS: Record<AdKind, readonly (keyof typeof METRIC_FIELDS)[]> = {
  single: ['reach', 'likes', 'comments', 'saved', 'shares', 'views'],
  carousel: ['reach', 'likes', 'comments', 'saved', 'shares', 'views'],
  story: ['reach', 'shares', 'views'],
};

/** Meta's metric name → our figure. */
const METRIC_FIELDS = { reach: 'reach', likes: 'likes', comments: 'comments', saved: 'saves', shares: 'shares', views: 'views' } as const;

export type InsightsFailure = 'rate_limit' | 'gone' | 'reconnect' | 'permission' | 'transient' | 'unknown';

/** A Graph answer that is not figures, sorted into what the job does about it. */
export class InsightsError extends Error {
  constructor(
    readonly failure: InsightsFailure,
    message: string,
    readonly code?: number,
    readonly subcode?: number,
    /** From the usage headers: how long Meta says to wait, in ms. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'InsightsError';
  }
}

interface MetaError {
  message?: unknown;
  code?: unknown;
  error_subcode?: unknown;
  is_transient?: unknown;
}

/** Throttling codes: 4 app, 17 user, 32 page, 613 custom rate limit, 80002 Instagram's business use case. */
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613, 80002]);

/** Sorts an error answer (status, `{ error: { message, type, code, error_subcode, fbtrace_id } }`, usage headers). */
export function classifyInsightsError(status: number, body: unknown, retryAfterMs?: number): InsightsError {
  const error: MetaError = (typeof body === 'object' && body !== null && 'error' in body && (body as { error: unknown }).error) || {};
  const code = typeof error.code === 'number' ? error.code : undefined;
  const subcode = typeof error.error_subcode === 'number' ? error.error_subcode : undefined;
  const message = typeof error.message === 'string' ? error.message.slice(0, 300) : `HTTP ${status}`;
  const make = (failure: InsightsFailure) => new InsightsError(failure, message, code, subcode, retryAfterMs);
  if (code === 190 || (status === 401 && code === undefined)) return make('reconnect');
  if ((code !== undefined && RATE_LIMIT_CODES.has(code)) || status === 429) return make('rate_limit');
  // 100/33: "Object with ID … does not exist" (deleted on Instagram); 2108006: posted before the account became professional.
  if ((code === 100 && subcode === 33) || subcode === 2108006) return make('gone');
  if (code === 10 || code === 200) return make('permission');
  if (status >= 500 || error.is_transient === true || code === 1 || code === 2) return make('transient');
  return make('unknown');
}

/** (#10) "Not enough viewers for the media to show insights": figures are withheld, not refused. */
function notEnoughViewers(body: unknown): boolean {
  const error = typeof body === 'object' && body !== null && 'error' in body ? (body as { error: MetaError }).error : undefined;
  return error?.code === 10 && typeof error.message === 'string' && /not enough viewers/i.test(error.message);
}

/**
 * The usage headers as one figure: the highest percentage of any quota used (X-App-Usage,
 * X-Business-Use-Case-Usage) and the longest `estimated_time_to_regain_access` (minutes).
 */
export function usageOf(headers: Headers): { percent: number; regainMinutes: number } {
  let percent = 0;
  let regainMinutes = 0;
  const take = (entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return;
    for (const [key, value] of Object.entries(entry)) {
      if (typeof value !== 'number' || !Number.isFinite(value)) continue;
      if (key === 'estimated_time_to_regain_access') regainMinutes = Math.max(regainMinutes, value);
      else if (key === 'call_count' || key === 'total_time' || key === 'total_cputime') percent = Math.max(percent, value);
    }
  };
  const parse = (name: string): unknown => {
    try {
      return JSON.parse(headers.get(name) ?? 'null');
    } catch {
      return null;
    }
  };
  take(parse('x-app-usage'));
  const business = parse('x-business-use-case-usage');
  if (typeof business === 'object' && business !== null) {
    for (const list of Object.values(business)) if (Array.isArray(list)) list.forEach(take);
  }
  return { percent, regainMinutes };
}

/** Meta answers `{ data: [{ name, period, values: [{ value }], title, description, id }] }` (or `total_value: { value }`). */
export function figuresOf(kind: AdKind, body: unknown): Figures {
  const figures: Figures = { reach: null, likes: null, comments: null, saves: null, shares: null, views: null };
  const data = typeof body === 'object' && body !== null && Array.isArray((body as { data?: unknown }).data) ? (body as { data: unknown[] }).data : [];
  const wanted = new Set<string>(METRICS[kind]);
  for (const entry of data) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { name, values, total_value: total } = entry as { name?: unknown; values?: unknown; total_value?: { value?: unknown } };
    if (typeof name !== 'string' || !wanted.has(name)) continue;
    const first = Array.isArray(values) ? (values[0] as { value?: unknown } | undefined)?.value : total?.value;
    if (typeof first === 'number' && Number.isFinite(first) && first >= 0) figures[METRIC_FIELDS[name as keyof typeof METRIC_FIELDS]] = Math.round(first);
  }
  return figures;
}

/** Above this share of a quota (percent) the account pauses before Meta throttles it. */
export const USAGE_PAUSE_PERCENT = 90;

export interface RealInsightsOptions {
  accessToken: string;
  timeoutMs?: number;
  /** Told the usage after every answer (the job pauses an account near its quota). */
  onUsage?: (usage: { percent: number; regainMinutes: number }) => void;
}

/** The real Graph API over fetch. */
export function realInsights({ accessToken, timeoutMs = 15_000, onUsage }: RealInsightsOptions): InsightsReader {
  return {
    sandbox: false,
    async mediaInsights({ mediaId, kind }) {
      const url = new URL(`${GRAPH_ORIGIN}/${GRAPH_VERSION}/${encodeURIComponent(mediaId)}/insights`);
      url.searchParams.set('metric', METRICS[kind].join(','));
      let response: Response;
      try {
        response = await fetch(url, { headers: { Authorization: `Bearer ${accessToken}` }, signal: AbortSignal.timeout(timeoutMs) });
      } catch {
        throw new InsightsError('transient', 'Instagram did not answer in time.');
      }
      const usage = usageOf(response.headers);
      onUsage?.(usage);
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        body = undefined;
      }
      const failed = !response.ok || (typeof body === 'object' && body !== null && 'error' in body);
      if (failed && notEnoughViewers(body)) return figuresOf(kind, { data: [] });
      if (failed) throw classifyInsightsError(response.status, body, usage.regainMinutes > 0 ? usage.regainMinutes * 60_000 : undefined);
      return figuresOf(kind, body);
    },
  };
}
