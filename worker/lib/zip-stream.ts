import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** One file of a ZIP: opened only when the archive reaches it. */
export interface ZipStreamEntry {
  name: string;
  modified: Date;
  /** Deflate the bytes (text, JSON); stored as they are otherwise (PNG, JPEG, video are compressed already). */
  deflate?: boolean;
  /** The file's bytes as a stream; null when it is gone (it is left out). */
  open: () => Promise<ReadableStream<Uint8Array> | null>;
}

/**
 * A ZIP archive as a stream (fflate's streaming `Zip`), pulled by whoever reads it: a file is
 * opened when the archive reaches it and read a chunk at a time, so the worker holds a chunk or
 * two whatever the archive's size. Each entry's CRC and size follow its data (a data descriptor).
 * Used by the creatives' formats ZIP (stored entries) and the account export (JSON deflated).
 */
export function zipStream(entries: readonly ZipStreamEntry[]): ReadableStream<Uint8Array> {
  const out: Uint8Array[] = [];
  let finished = false;
  let failure: unknown = null;
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else {
      out.push(chunk);
      if (final) finished = true;
    }
  });
  let next = 0;
  let ended = false;
  let current: { file: ZipPassThrough | ZipDeflate; reader: ReadableStreamDefaultReader<Uint8Array> } | null = null;

  /** Feeds the archive until it has written something (or is complete). */
  async function advance(): Promise<void> {
    while (out.length === 0 && !finished && failure === null) {
      if (current) {
        const { value, done } = await current.reader.read();
        if (done) {
          current.file.push(new Uint8Array(0), true);
          current = null;
        } else if (value.byteLength > 0) current.file.push(value, false);
        continue;
      }
      if (next < entries.length) {
        const entry = entries[next]!;
        next += 1;
        const body = await entry.open();
        if (!body) continue;
        const file = entry.deflate ? new ZipDeflate(entry.name, { level: 6 }) : new ZipPassThrough(entry.name);
        file.mtime = entry.modified;
        zip.add(file);
        current = { file, reader: body.getReader() };
        continue;
      }
      if (!ended) {
        ended = true;
        zip.end();
        continue;
      }
      break;
    }
  }

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      await advance();
      if (failure !== null) {
        controller.error(failure);
        return;
      }
      while (out.length > 0) controller.enqueue(out.shift()!);
      if (finished) controller.close();
    },
    async cancel(reason) {
      await current?.reader.cancel(reason).catch(() => undefined);
      current = null;
    },
  });
}

/** A stream of one string's UTF-8 bytes (a JSON file of the archive, made when the archive reaches it). */
export function textStream(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/** A file name for a ZIP entry or a download: letters, digits, spaces and a few signs; never empty. */
export function safeFileName(name: string, fallback: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[^\w .()-]+/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)
    .trim();
  return cleaned || fallback;
}
