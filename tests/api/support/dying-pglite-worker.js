// The embedded database's thread, which dies (as an engine abort would end it) when a query asks for it.
import process from 'node:process';
import { parentPort } from 'node:worker_threads';
import '../../../server/db/pglite-worker.js';

parentPort?.on('message', ({ sql }) => {
  if (sql === 'die') process.exit(7);
});
