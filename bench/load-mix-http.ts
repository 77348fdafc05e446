// HTTP for the load run (bench/load-mix.ts): one keep-alive connection per virtual user, and
// cookies kept as a browser keeps them.
import http from 'node:http';
import type { Socket } from 'node:net';

export interface Answer {
  status: number;
  body: string;
  setCookies: string[];
}

export function cookieHeader(jar: Map<string, string>): string {
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}

export function keepCookies(jar: Map<string, string>, setCookies: string[]) {
  for (const line of setCookies) {
    const [pair = '', ...attributes] = line.split(';');
    const eq = pair.indexOf('=');
    if (eq < 1) continue;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attributes.some((a) => /^\s*max-age=(0|-\d+)\s*$/i.test(a)) || value === '';
    if (expired) jar.delete(name);
    else jar.set(name, value);
  }
}

export class Client {
  readonly agent: http.Agent;
  readonly sockets = new Set<Socket>();
  private readonly origin: URL;
  constructor(origin: URL, maxSockets: number) {
    this.origin = origin;
    this.agent = new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
  }
  send(request: { method: string; path: string; headers?: Record<string, string>; body?: string }): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          agent: this.agent,
          host: '127.0.0.1',
          port: Number(this.origin.port),
          method: request.method,
          path: request.path,
          headers: { host: this.origin.host, ...request.headers, ...(request.body !== undefined ? { 'content-length': Buffer.byteLength(request.body) } : {}) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), setCookies: res.headers['set-cookie'] ?? [] }),
          );
          res.on('error', reject);
        },
      );
      req.on('socket', (socket: Socket) => this.sockets.add(socket));
      req.on('error', reject);
      req.setTimeout(30_000, () => req.destroy(new Error('timed out after 30 s')));
      req.end(request.body);
    });
  }
}
