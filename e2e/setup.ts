import { inject } from 'vitest';

// wrangler dev waits stopped until the browser tests start (e2e/global-setup.ts): wake it.
// Sent before every file; a signal to a running process group changes nothing.
process.kill(-inject('serverProcessGroup'), 'SIGCONT');
