import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface LoadTarget {
  name: string;
  url: string;
  headers?: Record<string, string>;
}

export interface LoadSample {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  cpuMsPerRequest: number;
}

const CLK_TCK = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
const autocannonBin = join(import.meta.dirname, '..', 'node_modules', 'autocannon', 'autocannon.js');

/** workerd's CPU time so far (user + system, all threads), in milliseconds. */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').trim();
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After "pid (comm) ", utime and stime are the 12th and 13th fields.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLK_TCK;
}

function hasTaskset(): boolean {
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export const PINNING = hasTaskset();

/** Pins workerd (every thread) to core 0; the load generator runs on core 1. */
export function pinServer(pid: number): void {
  if (PINNING) execFileSync('taskset', ['-apc', '0', String(pid)], { stdio: 'ignore' });
}

/** One bounded autocannon run (fixed connections and duration) in its own process. */
export function runLoad(target: LoadTarget, options: { connections: number; seconds: number; workerdPid: number }): Promise<LoadSample> {
  const args = [autocannonBin, '-c', String(options.connections), '-d', String(options.seconds), '-j', '--renderStatusCodes', 'false'];
  for (const [name, value] of Object.entries(target.headers ?? {})) args.push('-H', `${name}=${value}`);
  args.push(target.url);
  const command = PINNING ? 'taskset' : process.execPath;
  const commandArgs = PINNING ? ['-c', '1', process.execPath, ...args] : args;
  const before = cpuMs(options.workerdPid);
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon failed (${code}): ${err}`));
      const after = cpuMs(options.workerdPid);
      const result = JSON.parse(out) as {
        requests: { average: number; total: number };
        latency: { p50: number; p99: number };
        errors: number;
        timeouts: number;
        non2xx: number;
      };
      const requests = result.requests.total;
      resolve({
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        requests,
        errors: result.errors + result.timeouts + result.non2xx,
        cpuMsPerRequest: requests > 0 ? (after - before) / requests : Number.NaN,
      });
    });
  });
}
