/**
 * Run before every test file (Vitest's `setupFiles`): points DATA_DIR at a data folder of this worker
 * process, inside the run's folder (tests/global-setup.ts), unless the file sets its own. Without it, code
 * under test that reaches for the process's data folder (the embedded database a server opens on first
 * use, the installation's auth secret) used the repository's `./data`: the developer's own, which a running
 * server holds, and which two workers opened at once, one failing on the other's lock (a flaky
 * node-server test, 2026-12-06). The same folder every time in a process: a worker's shared modules
 * (config.ts caches the environment) keep seeing one value.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

const dir = path.join(inject('dataRoot'), String(process.pid));
mkdirSync(dir, { recursive: true });
process.env.DATA_DIR = dir;
