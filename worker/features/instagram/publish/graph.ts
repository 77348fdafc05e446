/**
 * The part of the Instagram Graph API that publishing uses (Instagram API with Instagram
 * Login: graph.instagram.com), behind one interface: the real one speaks HTTP, the
 * sandbox one (sandbox-graph.ts) keeps its containers and posts in D1.
 */

export const GRAPH_ORIGIN = 'https://graph.instagram.com';
export const GRAPH_VERSION = 'v23.0';

export type ErrorClass = 'transient' | 'rate_limit' | 'media' | 'quota' | 'reconnect' | 'unknown';

/** A container's publishing state (IG Container `status_code`). */
export type ContainerStatus = 'IN_PROGRESS' | 'FINISHED' | 'ERROR' | 'EXPIRED' | 'PUBLISHED';

export interface ImageContainerInput {
  imageUrl: string;
  /** The creation behind the image (the sandbox shows it; Meta never sees it). */
  creationId: string;
  caption?: string;
  carouselItem?: boolean;
  story?: boolean;
}

export interface Graph {
  readonly sandbox: boolean;
  /** POST /{ig-user-id}/media with image_url (a feed image, a carousel item or a story): the container id. */
  createImageContainer(input: ImageContainerInput): Promise<string>;
  /** POST /{ig-user-id}/media media_type=CAROUSEL children=…: the container id. */
  createCarouselContainer(children: string[], caption: string): Promise<string>;
  /** GET /{container-id}?fields=status_code,status. */
  containerStatus(containerId: string): Promise<{ statusCode: ContainerStatus; status: string | null }>;
  /** GET /{ig-user-id}/content_publishing_limit?fields=quota_usage,config. */
  publishingLimit(): Promise<{ usage: number; total: number }>;
  /** POST /{ig-user-id}/media_publish creation_id=…: the media id. */
  publish(containerId: string): Promise<string>;
  /** GET /{media-id}?fields=permalink. */
  permalink(mediaId: string): Promise<string | null>;
  /**
   * A container found PUBLISHED when a run resumes: the media it became, found among the
   * account's latest media (same caption, published since `since`), or undefined.
   */
  publishedMediaOf(containerId: string, caption: string, since: Date, story?: boolean): Promise<{ mediaId: string; permalink: string | null } | undefined>;
}

/** A Graph API error, already sorted into what the job does about it. */
export class GraphError extends Error {
  constructor(
    readonly errorClass: ErrorClass,
    /** The reason in plain words, shown to the user. */
    readonly reason: string,
    readonly code?: number,
    readonly subcode?: number,
  ) {
    super(reason);
    this.name = 'GraphError';
  }
}

/** Meta's error body: `{ error: { message, type, code, error_subcode, is_transient, error_user_title, error_user_msg, fbtrace_id } }`. */
interface MetaError {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  is_transient?: boolean;
  error_user_title?: string;
  error_user_msg?: string;
}

const MEDIA_SUBCODES: Record<number, string> = {
  2207052: 'Instagram could not fetch the picture. Check that the creation still exists and try again.',
  2207009: 'Instagram refused the picture’s aspect ratio. Use a square (1:1), portrait (4:5) or story (9:16) format.',
  2207004: 'The picture is too large for Instagram (at most 8 MB).',
  2207005: 'Instagram does not accept this picture’s format.',
  2207026: 'Instagram does not accept this media format.',
  2207020: 'The prepared post expired before it was published. Publish it again.',
  2207023: 'Instagram does not know this media type.',
  2207028: 'Instagram could not build the carousel from these pictures.',
  2207010: 'The caption is too long for Instagram (at most 2,200 characters and 30 hashtags).',
};

const TRANSIENT_SUBCODES = new Set([2207001, 2207003, 2207032, 2207053]);

/** Sorts a Graph API error (HTTP status + body) into an error class with a plain-words reason. */
export function classifyGraphError(status: number, body: unknown): GraphError {
  const error = (typeof body === 'object' && body !== null && 'error' in body ? (body as { error: MetaError }).error : undefined) ?? {};
  const code = typeof error.code === 'number' ? error.code : undefined;
  const subcode = typeof error.error_subcode === 'number' ? error.error_subcode : undefined;
  const make = (errorClass: ErrorClass, reason: string) => new GraphError(errorClass, reason, code, subcode);

  if (code === 190 || (status === 401 && code === undefined)) {
    return make('reconnect', 'Instagram no longer accepts this connection (the token was revoked or expired). Reconnect the account and publish again.');
  }
  if (subcode === 2207042 || (code === 9 && subcode === 2207042)) {
    return make('quota', 'The account reached Instagram’s limit of posts per 24 hours. It will be tried again later.');
  }
  if (subcode !== undefined && MEDIA_SUBCODES[subcode]) return make('media', MEDIA_SUBCODES[subcode]);
  if (subcode !== undefined && TRANSIENT_SUBCODES.has(subcode)) return make('transient', 'Instagram had a temporary problem. It will be tried again.');
  if (code === 4 || code === 17 || code === 32 || code === 613 || code === 9 || status === 429) {
    return make('rate_limit', 'Instagram asked us to slow down (rate limit). It will be tried again shortly.');
  }
  if (status >= 500 || error.is_transient === true || code === 1 || code === 2 || code === -1 || code === -2) {
    return make('transient', 'Instagram had a temporary problem. It will be tried again.');
  }
  if (code === 36000 || code === 36001 || code === 36003 || code === 9004 || code === 352) {
    return make('media', error.error_user_msg || 'Instagram refused the picture.');
  }
  if (code === 10 || code === 200) {
    return make('reconnect', 'The Instagram connection lacks the permission to publish. Reconnect the account and publish again.');
  }
  const detail = error.error_user_msg || error.message;
  return make('unknown', detail ? `Instagram refused the post: ${detail.slice(0, 300)}` : `Instagram refused the post (HTTP ${status}).`);
}

export const CONTAINER_ERROR = (status: string | null) =>
  new GraphError(
    'media',
    status
      ? `Instagram could not prepare the picture (${status.slice(0, 200)}). Check the creation and publish again.`
      : 'Instagram could not prepare the picture. Check the creation and publish again.',
  );

export const CONTAINER_EXPIRED = () => new GraphError('media', 'The prepared post expired before it was published. Publish it again.');

export interface RealGraphOptions {
  igUserId: string;
  accessToken: string;
  /** Per request; a timeout is a transient error. */
  timeoutMs?: number;
}

/** The real Graph API over fetch. */
export function realGraph({ igUserId, accessToken, timeoutMs = 15_000 }: RealGraphOptions): Graph {
  const base = `${GRAPH_ORIGIN}/${GRAPH_VERSION}`;

  async function call<T>(method: 'GET' | 'POST', path: string, params: Record<string, string> = {}): Promise<T> {
    const url = new URL(`${base}/${path}`);
    const init: RequestInit = {
      method,
      headers: { Authorization: `Bearer ${accessToken}`, ...(method === 'POST' ? { 'Content-Type': 'application/json' } : {}) },
      signal: AbortSignal.timeout(timeoutMs),
    };
    if (method === 'GET') for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    else init.body = JSON.stringify(params);
    let response: Response;
    try {
      response = await fetch(url, init);
    } catch {
      throw new GraphError('transient', 'Instagram did not answer in time. It will be tried again.');
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    if (!response.ok || (typeof body === 'object' && body !== null && 'error' in body)) throw classifyGraphError(response.status, body);
    if (typeof body !== 'object' || body === null) throw new GraphError('transient', 'Instagram sent an unreadable answer. It will be tried again.');
    return body as T;
  }

  const idOf = (body: { id?: unknown }) => {
    if (typeof body.id !== 'string' && typeof body.id !== 'number') throw new GraphError('unknown', 'Instagram did not return an id.');
    return String(body.id);
  };

  return {
    sandbox: false,
    async createImageContainer(input) {
      const params: Record<string, string> = { image_url: input.imageUrl };
      if (input.story) params.media_type = 'STORIES';
      if (input.carouselItem) params.is_carousel_item = 'true';
      else if (input.caption && !input.story) params.caption = input.caption;
      return idOf(await call<{ id?: unknown }>('POST', `${igUserId}/media`, params));
    },
    async createCarouselContainer(children, caption) {
      const params: Record<string, string> = { media_type: 'CAROUSEL', children: children.join(',') };
      if (caption) params.caption = caption;
      return idOf(await call<{ id?: unknown }>('POST', `${igUserId}/media`, params));
    },
    async containerStatus(containerId) {
      const body = await call<{ status_code?: unknown; status?: unknown }>('GET', containerId, { fields: 'status_code,status' });
      const known = ['IN_PROGRESS', 'FINISHED', 'ERROR', 'EXPIRED', 'PUBLISHED'];
      const statusCode = typeof body.status_code === 'string' && known.includes(body.status_code) ? (body.status_code as ContainerStatus) : 'IN_PROGRESS';
      return { statusCode, status: typeof body.status === 'string' ? body.status : null };
    },
    async publishingLimit() {
      const body = await call<{ data?: { quota_usage?: unknown; config?: { quota_total?: unknown } }[] }>('GET', `${igUserId}/content_publishing_limit`, {
        fields: 'quota_usage,config',
      });
      const entry = body.data?.[0];
      const usage = typeof entry?.quota_usage === 'number' ? entry.quota_usage : 0;
      const total = typeof entry?.config?.quota_total === 'number' ? entry.config.quota_total : 100;
      return { usage, total };
    },
    async publish(containerId) {
      return idOf(await call<{ id?: unknown }>('POST', `${igUserId}/media_publish`, { creation_id: containerId }));
    },
    async permalink(mediaId) {
      const body = await call<{ permalink?: unknown }>('GET', mediaId, { fields: 'permalink' });
      return typeof body.permalink === 'string' ? body.permalink : null;
    },
    async publishedMediaOf(_containerId, caption, since, story = false) {
      // Stories are listed on their own edge, and carry no caption.
      const edge = story ? 'stories' : 'media';
      const body = await call<{ data?: { id?: unknown; caption?: unknown; permalink?: unknown; timestamp?: unknown }[] }>('GET', `${igUserId}/${edge}`, {
        fields: 'id,caption,permalink,timestamp',
        limit: '25',
      });
      const match = (body.data ?? []).find(
        (media) =>
          (story || (typeof media.caption === 'string' ? media.caption : '') === caption) &&
          typeof media.timestamp === 'string' &&
          Date.parse(media.timestamp) >= since.getTime() - 60_000,
      );
      if (!match || (typeof match.id !== 'string' && typeof match.id !== 'number')) return undefined;
      return { mediaId: String(match.id), permalink: typeof match.permalink === 'string' ? match.permalink : null };
    },
  };
}
