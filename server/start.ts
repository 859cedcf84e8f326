import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import type { Deps } from './deps';
import { startHousekeeping } from './housekeeping';
import { loadKeys } from './lib/keys';
import type { Logger } from './lib/log';
import { createMailTransport } from './mail/transport';
import { createOutboxWorker } from './mail/worker';
import { ensureBikDirectory } from './modules/supplier';
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

/** The mail outbox worker and the housekeeping: one set per server is enough (decision 69). */
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
  const housekeeping = startHousekeeping(deps);
  return {
    async stop() {
      await worker.stop();
      await housekeeping.stop();
    },
  };
}

/** The API and the built PWA on the configured port; in a cluster worker the primary holds the port and shares it. */
export async function listen(deps: Deps): Promise<{ address: AddressInfo; close(): Promise<void> }> {
  const app = createApp(deps, { staticDir: deps.config.STATIC_DIR });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const listening = serve({ fetch: app.fetch, port: deps.config.PORT, hostname: deps.config.HOST }, () => resolve(listening));
  });
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
