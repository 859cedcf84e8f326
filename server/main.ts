import { ConfigError, loadConfig } from './config';
import { consoleLogger } from './lib/log';
import { startServer } from './start';

try {
  const running = await startServer(loadConfig(), consoleLogger);
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    consoleLogger.info('shutting down', { signal });
    await running.stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
