import cluster, { type Worker } from 'node:cluster';
import type { Server } from 'node:http';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Config } from './config';
import type { Logger } from './lib/log';
import { announceListening, httpServer, openDeps, prepareDatabase, startBackground, type Opened } from './start';

/** The primary's own connections: the outbox worker and the housekeeping run one statement at a time each. */
const PRIMARY_POOL_SIZE = 2;
/** A replacement that stopped before it served is forked again after this, so one that cannot start does not spin. */
const REFORK_DELAY_MS = 1000;
/** How often a stopping worker looks again for connections whose requests have finished. */
const DRAIN_POLL_MS = 100;

/** What the primary and its workers tell each other (decision 075): a worker is ready, a connection, one taken. */
type Note = { certdesk: 'ready' } | { certdesk: 'connection'; id: number } | { certdesk: 'took'; id: number };
const isNote = (message: unknown): message is Note =>
  typeof message === 'object' && message !== null && typeof (message as { certdesk?: unknown }).certdesk === 'string';

export interface Stoppable {
  stop(): Promise<void>;
}

/**
 * The primary of WEB_CONCURRENCY API processes (decision 69). It migrates and
 * prepares the database before any worker exists, runs the mail outbox and the
 * housekeeping, and keeps the workers serving one port. It listens itself and
 * hands each connection to the next worker in turn (decision 075): its own copy
 * of a connection stays open until the worker says it took it, and is closed if
 * the worker dies first, so the client sees the connection end at once instead of
 * waiting out its own timeout. A worker that dies is replaced; one that cannot
 * start at all stops the start.
 */
export async function startPrimary(config: Config, log: Logger): Promise<Stoppable> {
  const opened = await openDeps(config, log, PRIMARY_POOL_SIZE);
  await prepareDatabase(opened.deps);
  await warnIfConnectionsExceed(opened, config, log);
  const background = startBackground(opened.deps);

  /** Workers that serve, in the order they take connections. */
  const serving: Worker[] = [];
  /** Connections each worker has been handed and has not yet said it took. */
  const handed = new Map<Worker, Map<number, Socket>>();
  /** Workers that became ready at least once: one that dies before is forked again only after a delay. */
  const served = new Set<number>();
  let turn = 0;
  let nextId = 0;
  let announced = false;
  let stopping = false;

  const listener = createServer({ pauseOnConnect: true }, (socket) => {
    // No worker serves this instant (all of them died together): the client hears so at once.
    if (!serving.length) return socket.destroy();
    const worker = nextWorker();
    const id = nextId++;
    handed.get(worker)!.set(id, socket);
    // keepOpen: Node would close its copy only once the worker's process acknowledged it, and never if it died first.
    worker.send({ certdesk: 'connection', id } satisfies Note, socket, { keepOpen: true }, (error) => {
      if (error) release(worker, id);
    });
  });
  // As node:cluster does, a worker that has not yet taken its last connection (busy, or stopped) is passed over for
  // the next in turn that has taken all of its own.
  const nextWorker = () => {
    const inTurn = serving.map((_, step) => serving[(turn + step) % serving.length]!);
    const worker = inTurn.find((candidate) => !handed.get(candidate)!.size) ?? inTurn[0]!;
    turn = serving.indexOf(worker) + 1;
    return worker;
  };
  /** The primary's copy of a handed connection goes once the worker has it, or once the worker is gone. */
  const release = (worker: Worker, id: number) => {
    handed.get(worker)?.get(id)?.destroy();
    handed.get(worker)?.delete(id);
  };

  const stop = async () => {
    stopping = true;
    listener.close();
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
    const fork = () => handed.set(cluster.fork(), new Map());
    cluster.on('message', (worker, message: unknown) => {
      if (!isNote(message)) return;
      if (message.certdesk === 'took') return release(worker, message.id);
      if (message.certdesk !== 'ready') return;
      served.add(worker.id);
      serving.push(worker);
      log.info('worker listening', { pid: worker.process.pid });
      if (announced || serving.length < config.WEB_CONCURRENCY) return;
      announced = true;
      // A port that cannot be had stops the start; once listening, the socket fails as a single process's does.
      const failStart = (error: Error) => void stop().then(() => reject(error), reject);
      listener.once('error', failStart);
      listener.listen(config.PORT, config.HOST, () => {
        listener.off('error', failStart);
        announceListening(log, config, listener.address() as AddressInfo, { workers: config.WEB_CONCURRENCY });
        resolve({ stop });
      });
    });
    cluster.on('exit', (worker, code, signal) => {
      if (serving.includes(worker)) serving.splice(serving.indexOf(worker), 1);
      // Whatever it had not taken yet is closed: the primary's copy is the last one left.
      for (const socket of handed.get(worker)?.values() ?? []) socket.destroy();
      handed.delete(worker);
      if (stopping) return;
      const fields = { pid: worker.process.pid, code, signal };
      if (!announced) {
        log.error('a worker stopped before the server was up: stopping', fields);
        void stop().then(() => reject(new Error('the API processes could not start')), reject);
        return;
      }
      log.warn('worker stopped: starting another', fields);
      if (served.has(worker.id)) fork();
      else
        setTimeout(() => {
          if (!stopping) fork();
        }, REFORK_DELAY_MS);
    });
    for (let started = 0; started < config.WEB_CONCURRENCY; started++) fork();
  });
}

/** A worker: its own pool on the prepared database, serving the connections the primary hands it. */
export async function startWorker(config: Config, log: Logger): Promise<Stoppable> {
  const { database, deps } = await openDeps(config, log);
  const server = takeConnections(httpServer(deps));
  return {
    async stop() {
      await server.close();
      await database.close();
    },
  };
}

/**
 * Serves the connections the primary hands over, and says so once each is taken: until then the primary keeps its
 * own copy open, to close it should this process die first.
 */
function takeConnections(server: Server): { close(): Promise<void> } {
  // Node's HTTP server starts watching its connections' timeouts when it listens; this one never does itself.
  server.emit('listening');
  const open = new Set<Socket>();
  const take = (message: unknown, socket?: Socket) => {
    if (!isNote(message) || message.certdesk !== 'connection' || !socket) return;
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    server.emit('connection', socket);
    process.send!({ certdesk: 'took', id: message.id } satisfies Note);
  };
  process.on('message', take);
  process.send!({ certdesk: 'ready' } satisfies Note);
  return {
    async close() {
      process.off('message', take);
      // Stops the timeout checks and closes idle connections; the others close as their requests finish.
      server.close();
      while (open.size) {
        await sleep(DRAIN_POLL_MS);
        server.closeIdleConnections();
      }
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
