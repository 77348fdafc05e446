import { inject } from 'vitest';

// wrangler dev waits stopped until the browser tests start (e2e/global-setup.ts): wake it, all
// but its esbuild file watchers. Sent before every file; a signal to a running process changes nothing.
for (const pid of inject('serverPids')) process.kill(pid, 'SIGCONT');
