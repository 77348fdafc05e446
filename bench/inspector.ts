import WebSocket from 'ws';

/** A DevTools protocol session on one workerd inspector target: `send` a method, get its result. */
export async function inspectorSession(
  url: string,
): Promise<{ send: (method: string, params?: object) => Promise<Record<string, unknown>>; close: () => void }> {
  const ws = new WebSocket(url);
  await new Promise((resolve) => ws.once('open', resolve));
  let id = 0;
  const send = (method: string, params: object = {}) =>
    new Promise<Record<string, unknown>>((resolve) => {
      const mine = ++id;
      const onMessage = (data: Buffer) => {
        const message = JSON.parse(data.toString()) as { id?: number; result?: Record<string, unknown> };
        if (message.id === mine) {
          ws.off('message', onMessage);
          resolve(message.result ?? {});
        }
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify({ id: mine, method, params }));
    });
  return { send, close: () => ws.close() };
}
