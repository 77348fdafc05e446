// The main worker's JavaScript heap through workerd's inspector (Chrome DevTools Protocol):
// a full garbage collection, then V8's own count of the bytes still in use. Unlike workerd's
// RSS (which also holds D1's in-memory database, allocator slack and heap V8 has not given
// back), the heap after a forced collection only grows when something keeps objects alive:
// the number that tells a leak from collection put off.
import WebSocket from 'ws';

export interface HeapProbe {
  /** Collects garbage, then reads the heap; null when the isolate did not answer in time. */
  sample(): Promise<{ usedMb: number; totalMb: number } | null>;
  close(): void;
}

export async function connectHeap(inspectorPort: number, workerName: string): Promise<HeapProbe> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as { title: string; webSocketDebuggerUrl: string }[];
  const target = targets.find((t) => t.title === workerName || t.title.endsWith(`:${workerName}`));
  if (!target) throw new Error(`No inspector target ${workerName} among ${targets.map((t) => t.title).join(', ')}`);
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  let id = 0;
  const send = (method: string, timeoutMs: number) =>
    new Promise<Record<string, unknown> | null>((resolve) => {
      const mine = ++id;
      const timer = setTimeout(() => {
        ws.off('message', onMessage);
        resolve(null);
      }, timeoutMs);
      const onMessage = (data: Buffer) => {
        const message = JSON.parse(data.toString()) as { id?: number; result?: Record<string, unknown> };
        if (message.id !== mine) return;
        clearTimeout(timer);
        ws.off('message', onMessage);
        resolve(message.result ?? {});
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify({ id: mine, method }));
    });
  const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;
  return {
    async sample() {
      if ((await send('HeapProfiler.collectGarbage', 20_000)) === null) return null;
      const usage = (await send('Runtime.getHeapUsage', 10_000)) as { usedSize?: number; totalSize?: number } | null;
      if (!usage || typeof usage.usedSize !== 'number' || typeof usage.totalSize !== 'number') return null;
      return { usedMb: mb(usage.usedSize), totalMb: mb(usage.totalSize) };
    },
    close: () => ws.close(),
  };
}
