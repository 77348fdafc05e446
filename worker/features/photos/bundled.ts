import type { PhotoAttribution, PhotoResult } from '#common/schemas/photos.ts';
import type { Bindings } from '#worker/env.ts';
import { AppError } from '#worker/lib/errors.ts';
import { PER_PAGE, type PhotoSource } from '#worker/features/photos/provider.ts';

/**
 * The bundled set: ten pictures made for this repository (scripts/make-bundled-photos.mjs draws
 * them from SVG scenes) and dedicated to the public domain, CC0 1.0. Served as static files
 * (client/static/photos/bundled/), so the picker shows them and the worker imports them through
 * the assets binding: no network, no key. Words in English and German find them.
 */
export const BUNDLED_PHOTOS = [
  {
    id: 'sunset-mountains',
    width: 1200,
    height: 800,
    alt: 'Sunset over layered purple mountains',
    words: 'sunset evening mountains landscape sky purple sun sonnenuntergang abend berge landschaft himmel',
  },
  {
    id: 'ocean-waves',
    width: 1200,
    height: 800,
    alt: 'Calm blue sea under a clear sky with a sandy beach',
    words: 'ocean sea waves beach summer water blue travel meer see wellen strand sommer wasser urlaub reise',
  },
  {
    id: 'desert-dunes',
    width: 1200,
    height: 800,
    alt: 'Warm sand dunes under a pale sky',
    words: 'desert dunes sand warm orange landscape wüste dünen sand landschaft',
  },
  {
    id: 'misty-forest',
    width: 800,
    height: 1000,
    alt: 'Layers of pine trees fading into mist',
    words: 'forest trees pine mist fog nature green wald bäume tannen nebel natur grün',
  },
  {
    id: 'night-sky',
    width: 1200,
    height: 800,
    alt: 'Starry night sky with a full moon over hills',
    words: 'night stars moon sky dark space nacht sterne mond himmel dunkel',
  },
  {
    id: 'city-dusk',
    width: 1200,
    height: 800,
    alt: 'City skyline with lit windows at dusk',
    words: 'city skyline buildings dusk urban evening lights stadt gebäude dämmerung abend lichter',
  },
  {
    id: 'pastel-shapes',
    width: 1000,
    height: 1000,
    alt: 'Soft pastel circles and squares on cream',
    words: 'abstract pastel shapes background pattern minimal abstrakt formen hintergrund muster',
  },
  {
    id: 'coffee-table',
    width: 1000,
    height: 1000,
    alt: 'A cup of coffee on a wooden table, from above',
    words: 'coffee cup table wood cafe breakfast drink kaffee tasse tisch holz café frühstück getränk',
  },
  {
    id: 'citrus-pattern',
    width: 800,
    height: 1000,
    alt: 'Orange and lemon slices on teal',
    words: 'citrus orange lemon fruit pattern fresh summer zitrus orange zitrone obst frucht muster frisch sommer',
  },
  {
    id: 'bokeh-lights',
    width: 800,
    height: 1000,
    alt: 'Blurred festive lights on a dark background',
    words: 'bokeh lights party festive night christmas celebration lichter party fest nacht weihnachten feier',
  },
] as const;

/** The set's credit: made for Adloom, CC0 (no credit required; shown so that people know where it comes from). */
const ATTRIBUTION: PhotoAttribution = {
  provider: 'bundled',
  author: 'Adloom',
  authorUrl: null,
  sourceUrl: 'https://creativecommons.org/publicdomain/zero/1.0/',
};

const fileOf = (id: string) => `/photos/bundled/${id}.jpg`;

function resultOf(photo: (typeof BUNDLED_PHOTOS)[number]): PhotoResult {
  return { id: photo.id, width: photo.width, height: photo.height, alt: photo.alt, previewUrl: fileOf(photo.id), attribution: ATTRIBUTION };
}

/** The bundled set, searched by its words (every word of the query must start one of a photo's words). */
export function bundledSource(assets: Bindings['ASSETS']): PhotoSource {
  return {
    provider: 'bundled',
    search(query, page) {
      const terms = query.toLocaleLowerCase('en').split(/\s+/).filter(Boolean);
      const matches = BUNDLED_PHOTOS.filter((photo) => {
        const words = `${photo.words} ${photo.alt.toLocaleLowerCase('en')}`.split(/[\s,]+/);
        return terms.every((term) => words.some((word) => word.startsWith(term)));
      });
      const items = matches.slice((page - 1) * PER_PAGE, page * PER_PAGE).map(resultOf);
      return Promise.resolve({ provider: 'bundled', items, page, hasMore: matches.length > page * PER_PAGE });
    },
    async download(id) {
      const photo = BUNDLED_PHOTOS.find((p) => p.id === id);
      if (!photo) throw new AppError('not_found', 'This photo is no longer available.');
      const response = await assets.fetch(new Request(`https://assets.local${fileOf(photo.id)}`));
      if (!response.ok) {
        await response.body?.cancel();
        throw new AppError('upstream_failed', 'The photo service could not be reached. Try again.');
      }
      return { bytes: new Uint8Array(await response.arrayBuffer()), filename: `${photo.id}.jpg`, alt: photo.alt, attribution: ATTRIBUTION };
    },
  };
}
