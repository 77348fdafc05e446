import { AppError } from '#worker/lib/errors.ts';

/** Reads at most `limit` bytes of a body; 413 beyond it (never buffers more). */
export async function readCapped(body: ReadableStream<Uint8Array> | null, limit: number, message = 'That is too large.'): Promise<Uint8Array<ArrayBuffer>> {
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new AppError('payload_too_large', message);
    }
    chunks.push(value);
  }
  return concatBytes(chunks, size);
}

export function concatBytes(chunks: Uint8Array[], size = chunks.reduce((n, c) => n + c.byteLength, 0)): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}
