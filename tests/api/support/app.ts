import type { TokenPair } from '@contract/schemas/auth';
import { desc, eq } from 'drizzle-orm';
import { createApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import type { Database } from '../../../server/db/client';
import { mailOutbox, users } from '../../../server/db/schema';
import type { Deps } from '../../../server/deps';
import { loadKeys } from '../../../server/lib/keys';
import { silentLogger, type Logger } from '../../../server/lib/log';
import { DEMO_PASSWORD, seedDemo } from '../../../server/seed';
import { openTestDatabase } from './db';

export { DEMO_PASSWORD };

/** A clock the test moves by hand. */
export class TestClock {
  private time = Date.parse('2026-11-21T10:00:00Z');
  now = () => new Date(this.time);
  advance(ms: number) {
    this.time += ms;
  }
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: Deps;
  clock: TestClock;
  database: Database;
  call(method: string, path: string, options?: { body?: unknown; token?: string; headers?: Record<string, string> }): Promise<TestResponse>;
  login(email: string, password?: string): Promise<TokenPair>;
  latestMail(to: string): Promise<{ subject: string; text: string } | undefined>;
  codeFromMail(to: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  // Answers are read as loose JSON: each test asserts the shape it needs.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  text: string;
}

/**
 * Bursts in these tests prove races safe (200 redemptions at once): every request of a burst must run, so
 * admission control (decisions 068 and 075) is opened wide unless a test sets its own limits (tests/api/overload.test.ts).
 */
const NO_ADMISSION_LIMIT = {
  MAX_CONCURRENT_REQUESTS: '10000',
  MAX_QUEUED_REQUESTS: '0',
  QUEUE_TIMEOUT_MS: '60000',
  EMBED_MAX_CONCURRENT_REQUESTS: '10000',
  EMBED_MAX_QUEUED_REQUESTS: '0',
};

/** The real app on a fresh migrated database (PGlite, or PostgreSQL with TEST_DATABASE_URL), demo data seeded. */
export async function createTestApp(options: { env?: Record<string, string>; log?: Logger } = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const clock = new TestClock();
  const config = loadConfig({ NODE_ENV: 'test', ...NO_ADMISSION_LIMIT, ...options.env });
  const deps: Deps = { db: database.db, config, log: options.log ?? silentLogger, now: clock.now, keys: await loadKeys(database.db) };
  await seedDemo(database.db, deps.keys);
  const app = createApp(deps);

  const call: TestApp['call'] = async (method, path, { body, token, headers = {} } = {}) => {
    const init: RequestInit = { method, headers: { ...headers } };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
    }
    if (token) (init.headers as Record<string, string>).authorization = `Bearer ${token}`;
    const response = await app.request(path, init);
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, body: parsed, text };
  };

  const latestMail: TestApp['latestMail'] = async (to) => {
    const [mail] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt)).limit(1);
    return mail;
  };

  return {
    app,
    deps,
    clock,
    database,
    call,
    async login(email, password = DEMO_PASSWORD) {
      const response = await call('POST', '/api/front/auth/login', { body: { email, password } });
      if (response.status !== 200) throw new Error(`login ${email}: ${response.status} ${response.text}`);
      return response.body.data as TokenPair;
    },
    latestMail,
    async codeFromMail(to) {
      const mail = await latestMail(to);
      const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
      if (!code) throw new Error(`no code mailed to ${to}`);
      return code;
    },
    close: () => database.close(),
  };
}

export const userByEmail = async (test: TestApp, email: string) => {
  const [user] = await test.database.db.select().from(users).where(eq(users.email, email));
  return user;
};
