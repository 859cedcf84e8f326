import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import type { Config } from './config';
import { openDatabase } from './db/client';
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

/** Opens the database (migrating it), seeds demo data on first start, starts the mail worker and the housekeeping, and listens. */
export async function startServer(config: Config, log: Logger): Promise<RunningServer> {
  const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
  const deps: Deps = {
    db: database.db,
    config,
    log,
    now: () => new Date(),
    keys: await loadKeys(database.db, { jwtSecret: config.JWT_SECRET, partnerApiKey: config.PARTNER_API_KEY }),
  };
  const bikEntries = await ensureBikDirectory(database.db);
  if (bikEntries)
    log.info('BIK directory was empty: the shipped sample is loaded (npm run bik:load loads the full list)', { entries: bikEntries });
  if (config.SEED_DEMO && (await seedDemo(database.db, deps.keys))) log.info('demo data created', { accounts: 'see README' });
  if (!config.PARTNER_API_KEY) log.info('partner API key (set PARTNER_API_KEY to choose one)', { partnerApiKey: deps.keys.partnerApiKey });

  const worker = createOutboxWorker({
    db: database.db,
    log,
    transport: config.SMTP_URL ? createMailTransport(config.SMTP_URL) : undefined,
    from: config.MAIL_FROM,
    pollMs: config.OUTBOX_POLL_MS,
  });
  worker.start();
  const housekeeping = startHousekeeping(deps);

  const app = createApp(deps, { staticDir: config.STATIC_DIR });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const listening = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, () => resolve(listening));
  });
  const { port, address } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  log.info('listening', { url, address, database: database.kind, mail: config.SMTP_URL ? 'smtp' : 'log only' });

  return {
    url,
    deps,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await worker.stop();
      await housekeeping.stop();
      await database.close();
    },
  };
}
