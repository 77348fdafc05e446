import type { PageDocument } from '../common/schemas/blocks.ts';

export const DEMO_USERS: { id: string; email: string; name: string; password: string; role: 'user' | 'admin'; affiliateCode: string }[];
export function seedSql(now?: number): string;
export function seed(persistTo?: string): void;
export const SEED_PREVIEW_ID: string;
export const SEED_CREATIONS: {
  id: string;
  creativeId: string;
  name: string;
  format: string;
  width: number;
  height: number;
  file: string;
  key: string;
  path: string;
}[];
export const SEED_PRESENTATION_PASSWORD: string;
export const SEED_PRESENTATIONS: string[];
export const SEED_MEDIA: {
  id: string;
  name: string;
  width: number;
  height: number;
  file: string;
  key: string;
  path: string;
  thumbnail: string;
  thumbnailKey: string;
  thumbnailPath: string;
}[];
/** The seeded media's thumbnails, as R2 objects. */
export function seedThumbnails(): { key: string; path: string; contentType: string }[];
/** Northwind's spring funnel and its published pages (variant B, split). */
export const SEED_FUNNEL: { name: string; pages: string[] };
export const SEED_FUNNEL_PAGES: { id: string; slug: string; title: string; a: PageDocument; b: PageDocument | null; split: number }[];
