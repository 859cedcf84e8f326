import cluster, { type Worker } from 'node:cluster';
import { sql } from 'drizzle-orm';
import type { Config } from './config';
import type { Logger } from './lib/log';
import { announceListening, listen, openDeps, prepareDatabase, startBackground, type Opened } from './start';

/** The primary's own connections: the outbox worker and the housekeeping run one statement at a time each. */
const PRIMARY_POOL_SIZE = 2;
/** A replacement that stopped before it listened is forked again after this, so one that cannot start does not spin. */
const REFORK_DELAY_MS = 1000;

export interface Stoppable {
  stop(): Promise<void>;
}

/**
 * The primary of WEB_CONCURRENCY API processes (decision 69). It migrates and
 * prepares the database before any worker exists, runs the mail outbox and the
 * housekeeping, and keeps the workers serving one port: node:cluster's primary
 * holds the listening socket and hands each connection to a worker in turn, so
 * PORT=0 gives every worker the same port. A worker that dies is replaced; one
 * that cannot start at all stops the start.
 */
export async function startPrimary(config: Config, log: Logger): Promise<Stoppable> {
  const opened = await openDeps(config, log, PRIMARY_POOL_SIZE);
  await prepareDatabase(opened.deps);
  await warnIfConnectionsExceed(opened, config, log);
  const background = startBackground(opened.deps);

  const listened = new Set<number>();
  let announced = false;
  let stopping = false;

  const stop = async () => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => !!worker && !worker.isDead());
    await Promise.all(
      workers.map((worker) => {
        const exited = new Promise((resolve) => worker.once('exit', resolve));
        worker.process.kill('SIGTERM');
        return exited;
      }),
    );
    await background.stop();
    await opened.database.close();
  };

  return new Promise<Stoppable>((resolve, reject) => {
    cluster.on('listening', (worker, address) => {
      listened.add(worker.id);
      log.info('worker listening', { pid: worker.process.pid });
      if (announced || listened.size < config.WEB_CONCURRENCY) return;
      announced = true;
      announceListening(log, config, address, { workers: config.WEB_CONCURRENCY });
      resolve({ stop });
    });
    cluster.on('exit', (worker, code, signal) => {
      if (stopping) return;
      const fields = { pid: worker.process.pid, code, signal };
      if (!announced) {
        log.error('a worker stopped before the server was up: stopping', fields);
        void stop().then(() => reject(new Error('the API processes could not start')), reject);
        return;
      }
      log.warn('worker stopped: starting another', fields);
      if (listened.has(worker.id)) cluster.fork();
      else
        setTimeout(() => {
          if (!stopping) cluster.fork();
        }, REFORK_DELAY_MS);
    });
    for (let started = 0; started < config.WEB_CONCURRENCY; started++) cluster.fork();
  });
}

/** A worker: its own pool on the prepared database, serving the port the primary shares. */
export async function startWorker(config: Config, log: Logger): Promise<Stoppable> {
  const { database, deps } = await openDeps(config, log);
  const server = await listen(deps);
  return {
    async stop() {
      await server.close();
      await database.close();
    },
  };
}

/**
 * Warns when the workers' pools and the primary's could open more connections
 * than PostgreSQL takes. Only a warning: a pooler in between (PgBouncer)
 * reports the server's limit but takes more clients, and pools open connections
 * only under load.
 */
async function warnIfConnectionsExceed({ database }: Opened, config: Config, log: Logger): Promise<void> {
  const { rows } = (await database.db.execute(
    sql`select current_setting('max_connections')::int - current_setting('superuser_reserved_connections')::int as available`,
  )) as unknown as { rows: { available: number }[] };
  const available = Number(rows[0]!.available);
  const needed = config.WEB_CONCURRENCY * config.DB_POOL_SIZE + PRIMARY_POOL_SIZE;
  if (needed > available)
    log.warn('the API processes may open more database connections than PostgreSQL takes: lower DB_POOL_SIZE or raise max_connections', {
      needed,
      available,
    });
}
