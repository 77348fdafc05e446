import * as z from 'zod/mini';
import type { PhotoAttribution, PhotoResult } from '#common/schemas/photos.ts';
import { fetchPhotoBytes, parsed, PER_PAGE, photoFileName, providerError, providerJson, type PhotoSource } from '#worker/features/photos/provider.ts';

const API = 'https://api.unsplash.com';
/**
 * Unsplash's API guidelines: every link back to Unsplash or a photographer carries the app's
 * name as utm_source and utm_medium=referral; pictures are shown from images.unsplash.com.
 */
const UTM = 'utm_source=adloom&utm_medium=referral';

/** What we read of Unsplash's photo object (GET /photos/:id, and each of /search/photos' results). */
const photoShape = z.object({
  id: z.string(),
  width: z.number(),
  height: z.number(),
  description: z.nullish(z.string()),
  alt_description: z.nullish(z.string()),
  urls: z.object({ raw: z.string(), small: z.string() }),
  links: z.object({ html: z.string(), download_location: z.nullish(z.string()) }),
  user: z.object({ name: z.string(), links: z.object({ html: z.string() }) }),
});
type UnsplashPhoto = z.infer<typeof photoShape>;
const searchShape = z.object({ total_pages: z.number(), results: z.array(photoShape) });

const withUtm = (url: string) => `${url}${url.includes('?') ? '&' : '?'}${UTM}`;

function attributionOf(photo: UnsplashPhoto): PhotoAttribution {
  return { provider: 'unsplash', author: photo.user.name, authorUrl: withUtm(photo.user.links.html), sourceUrl: withUtm(photo.links.html) };
}

const altOf = (photo: UnsplashPhoto) => (photo.alt_description ?? photo.description ?? '').slice(0, 500);

function resultOf(photo: UnsplashPhoto): PhotoResult {
  return { id: photo.id, width: photo.width, height: photo.height, alt: altOf(photo), previewUrl: photo.urls.small, attribution: attributionOf(photo) };
}

/** Unsplash (UNSPLASH_ACCESS_KEY): search, its editorial feed for an empty query, and the download its guidelines ask to track. */
export function unsplashSource(accessKey: string): PhotoSource {
  const init: RequestInit = { headers: { Authorization: `Client-ID ${accessKey}`, 'Accept-Version': 'v1' } };
  return {
    provider: 'unsplash',
    async search(query, page) {
      if (!query) {
        const photos = parsed(z.safeParse(z.array(photoShape), await providerJson(`${API}/photos?page=${page}&per_page=${PER_PAGE}`, init)));
        return { provider: 'unsplash', items: photos.map(resultOf), page, hasMore: photos.length === PER_PAGE };
      }
      const params = new URLSearchParams({ query, page: String(page), per_page: String(PER_PAGE), content_filter: 'high' });
      const body = parsed(z.safeParse(searchShape, await providerJson(`${API}/search/photos?${params}`, init)));
      return { provider: 'unsplash', items: body.results.map(resultOf), page, hasMore: page < body.total_pages };
    },
    async download(id) {
      const photo = parsed(z.safeParse(photoShape, await providerJson(`${API}/photos/${encodeURIComponent(id)}`, init)));
      // The guidelines' "trigger a download" when a photo is used: the counted download of the photographer's picture.
      // Only to Unsplash's API: the key goes with it.
      const tracking = photo.links.download_location ?? `${API}/photos/${encodeURIComponent(photo.id)}/download`;
      if (!tracking.startsWith(`${API}/`)) throw providerError(0);
      await providerJson(tracking, init);
      const raw = new URL(photo.urls.raw);
      raw.searchParams.set('w', '2400');
      raw.searchParams.set('fit', 'max');
      raw.searchParams.set('fm', 'jpg');
      raw.searchParams.set('q', '80');
      const bytes = await fetchPhotoBytes(raw.toString(), 'images.unsplash.com');
      return { bytes, filename: photoFileName(altOf(photo), `unsplash-${photo.id}`, bytes), alt: altOf(photo), attribution: attributionOf(photo) };
    },
  };
}
