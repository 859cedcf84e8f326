import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { createApp } from './app';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import type { Deps } from './deps';
import { startHousekeeping } from './housekeeping';
import { loadKeys } from './lib/keys';
import type { Logger } from './lib/log';
import { createMailTransport } from './mail/transport';
import { createOutboxWorker } from './mail/worker';
import { startReportRunner } from './modules/report-schedules';
import { ensureBikDirectory, mailWebhookDisabled } from './modules/supplier';
import { createWebhookWorker, type WebhookWorkerOptions } from './modules/webhooks';
import { seedDemo } from './seed';

export interface RunningServer {
  url: string;
  deps: Deps;
  stop(): Promise<void>;
}

export interface Opened {
  database: Database;
  deps: Deps;
}

/** Opens the database (migrating it; nothing to do once done) and loads the keys every module is built with. */
export async function openDeps(config: Config, log: Logger, poolSize = config.DB_POOL_SIZE): Promise<Opened> {
  const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL, poolSize } : { dataDir: config.DATA_DIR });
  const keys = await loadKeys(database.db, { jwtSecret: config.JWT_SECRET, partnerApiKey: config.PARTNER_API_KEY });
  return { database, deps: { db: database.db, config, log, now: () => new Date(), keys } };
}

/** What is done once per start, before anyone is served: the BIK directory and the demo data on an empty database. */
export async function prepareDatabase({ db, config, log, keys }: Deps): Promise<void> {
  const bikEntries = await ensureBikDirectory(db);
  if (bikEntries)
    log.info('BIK directory was empty: the shipped sample is loaded (npm run bik:load loads the full list)', { entries: bikEntries });
  if (config.SEED_DEMO && (await seedDemo(db, keys))) log.info('demo data created', { accounts: 'see README' });
  if (!config.PARTNER_API_KEY) log.info('partner API key (set PARTNER_API_KEY to choose one)', { partnerApiKey: keys.partnerApiKey });
}

/** The webhook worker as the server runs it: an endpoint it disables is told to the company's admins by mail. */
export const webhookWorker = (deps: Pick<Deps, 'db' | 'log' | 'config' | 'keys'>, options: Omit<WebhookWorkerOptions, 'notifyDisabled'>) =>
  createWebhookWorker(deps, { ...options, notifyDisabled: (tx, endpoint, at) => mailWebhookDisabled(tx, deps, endpoint, at) });

/**
 * The mail outbox worker, the webhook worker, the housekeeping and the scheduled reports' runner: one set per server is
 * enough (decision 69); the runner is also safe with several servers on one database (decision 098).
 */
export function startBackground(deps: Deps): { stop(): Promise<void> } {
  const { db, config, log } = deps;
  const worker = createOutboxWorker({
    db,
    log,
    transport: config.SMTP_URL ? createMailTransport(config.SMTP_URL) : undefined,
    from: config.MAIL_FROM,
    pollMs: config.OUTBOX_POLL_MS,
  });
  worker.start();
  const webhooks = webhookWorker(deps, { pollMs: config.OUTBOX_POLL_MS });
  webhooks.start();
  const housekeeping = startHousekeeping(deps);
  const reports = startReportRunner(deps);
  return {
    async stop() {
      await reports.stop();
      await worker.stop();
      await webhooks.stop();
      await housekeeping.stop();
    },
  };
}

/** How long a request's headers may take to arrive: a few hundred bytes, sent at once even by a phone on a bad network. */
const HEADERS_TIMEOUT_MS = 20_000;
/** How often Node looks for connections past their timeouts (its default, 30 s, would add up to that much to each). */
const TIMEOUT_CHECK_MS = 1000;

/** Node's HTTP server for the API and the built PWA, not yet listening. */
export function httpServer(deps: Deps): Server {
  const app = createApp(deps, { staticDir: deps.config.STATIC_DIR });
  return createAdaptorServer({
    fetch: app.fetch,
    hostname: deps.config.HOST,
    serverOptions: {
      headersTimeout: HEADERS_TIMEOUT_MS,
      // Node's own cut-off (an uncoded 408; 5 minutes by default) stays behind the body's coded one (decision 075).
      requestTimeout: HEADERS_TIMEOUT_MS + deps.config.BODY_TIMEOUT_MS + 2 * TIMEOUT_CHECK_MS,
      connectionsCheckingInterval: TIMEOUT_CHECK_MS,
    },
  }) as Server;
}

/** One process: the HTTP server on the configured port. */
export async function listen(deps: Deps): Promise<{ address: AddressInfo; close(): Promise<void> }> {
  const server = httpServer(deps);
  await new Promise<void>((resolve) => server.listen(deps.config.PORT, deps.config.HOST, resolve));
  return {
    address: server.address() as AddressInfo,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The line that says the server answers (tests and scripts wait for it): once per server, whatever its processes. */
export function announceListening(log: Logger, config: Config, address: Pick<AddressInfo, 'port' | 'address'>, fields = {}): string {
  const url = `http://localhost:${address.port}`;
  log.info('listening', {
    url,
    address: address.address,
    database: config.DATABASE_URL ? 'postgres' : 'pglite',
    mail: config.SMTP_URL ? 'smtp' : 'log only',
    ...fields,
  });
  return url;
}

/** One process: opens and prepares the database, starts the mail worker and the housekeeping, and listens. */
export async function startServer(config: Config, log: Logger): Promise<RunningServer> {
  const opened = await openDeps(config, log);
  // Without its database the server can answer nothing: it stops loudly, for its supervisor to start it again.
  void opened.database.lost.then((error) => {
    log.error('the database is lost: stopping', { error: error.message, cause: String(error.cause ?? '') });
    process.exit(1);
  });
  await prepareDatabase(opened.deps);
  const background = startBackground(opened.deps);
  const server = await listen(opened.deps);
  const url = announceListening(log, config, server.address);
  return {
    url,
    deps: opened.deps,
    async stop() {
      await server.close();
      await background.stop();
      await opened.database.close();
    },
  };
}
