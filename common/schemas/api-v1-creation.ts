/* eslint-disable no-restricted-syntax -- an answer's schema, which nothing stores (as api-v1.ts). */
import * as z from 'zod/mini';
import { FORMAT_IDS } from '#common/creative/document.ts';

/** A render as `/api/v1` answers it (decision 0040): its dimensions and a signed, expiring link. */

const isoTime = z.string().check(z.iso.datetime());

export const v1Creation = z.object({
  id: z.string(),
  creativeId: z.nullable(z.string()),
  name: z.string(),
  format: z.enum(FORMAT_IDS),
  width: z.int(),
  height: z.int(),
  /** A signed link to the picture, valid until `expiresAt`; no key needed to fetch it. */
  url: z.url(),
  expiresAt: isoTime,
  createdAt: isoTime,
});
export type V1Creation = z.infer<typeof v1Creation>;
