import cluster from 'node:cluster';
import { startPrimary, startWorker } from './cluster';
import { ConfigError, loadConfig } from './config';
import { consoleLogger } from './lib/log';
import { startServer } from './start';

try {
  const config = loadConfig();
  // WEB_CONCURRENCY above 1: this file runs again in every worker the primary forks (decision 69).
  const running = cluster.isWorker
    ? await startWorker(config, consoleLogger)
    : config.WEB_CONCURRENCY > 1
      ? await startPrimary(config, consoleLogger)
      : await startServer(config, consoleLogger);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    if (cluster.isPrimary) consoleLogger.info('shutting down', { signal });
    await running.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // Ctrl-C reaches every process of the terminal's group: a worker leaves stopping to its primary, which then sends SIGTERM.
  process.on('SIGINT', () => {
    if (cluster.isPrimary) void shutdown('SIGINT');
  });
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
