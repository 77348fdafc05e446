import * as z from 'zod/mini';
import type { PhotoAttribution, PhotoResult } from '#common/schemas/photos.ts';
import { fetchPhotoBytes, parsed, PER_PAGE, photoFileName, providerError, providerJson, type PhotoSource } from '#worker/features/photos/provider.ts';

const API = 'https://api.pexels.com/v1';

/** What we read of Pexels' photo object (GET /v1/photos/:id, and each of /v1/search's and /v1/curated's photos). */
const photoShape = z.object({
  id: z.number(),
  width: z.number(),
  height: z.number(),
  url: z.string(),
  photographer: z.string(),
  photographer_url: z.string(),
  alt: z.nullish(z.string()),
  src: z.object({ original: z.string(), large2x: z.string(), medium: z.string() }),
});
type PexelsPhoto = z.infer<typeof photoShape>;
const pageShape = z.object({ page: z.number(), photos: z.array(photoShape), next_page: z.nullish(z.string()) });

/** Pexels' guidelines: credit the photographer and Pexels, with links to both. */
function attributionOf(photo: PexelsPhoto): PhotoAttribution {
  return { provider: 'pexels', author: photo.photographer, authorUrl: photo.photographer_url, sourceUrl: photo.url };
}

const altOf = (photo: PexelsPhoto) => (photo.alt ?? '').slice(0, 500);

function resultOf(photo: PexelsPhoto): PhotoResult {
  return { id: String(photo.id), width: photo.width, height: photo.height, alt: altOf(photo), previewUrl: photo.src.medium, attribution: attributionOf(photo) };
}

/** Pexels (PEXELS_API_KEY): search, and its curated photos for an empty query. */
export function pexelsSource(apiKey: string): PhotoSource {
  const init: RequestInit = { headers: { Authorization: apiKey } };
  return {
    provider: 'pexels',
    async search(query, page) {
      const params = new URLSearchParams({ page: String(page), per_page: String(PER_PAGE) });
      if (query) params.set('query', query);
      const url = query ? `${API}/search?${params}` : `${API}/curated?${params}`;
      const body = parsed(z.safeParse(pageShape, await providerJson(url, init)));
      return { provider: 'pexels', items: body.photos.map(resultOf), page, hasMore: Boolean(body.next_page) };
    },
    async download(id) {
      if (!/^\d{1,20}$/.test(id)) throw providerError(404);
      const photo = parsed(z.safeParse(photoShape, await providerJson(`${API}/photos/${id}`, init)));
      // large2x: 940 × 650 at twice the density, compressed by Pexels (the original can be tens of megabytes).
      const bytes = await fetchPhotoBytes(photo.src.large2x, 'images.pexels.com');
      return { bytes, filename: photoFileName(altOf(photo), `pexels-${photo.id}`, bytes), alt: altOf(photo), attribution: attributionOf(photo) };
    },
  };
}
