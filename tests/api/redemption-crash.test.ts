import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';
import { certificates, redemptions } from '../../server/db/schema';
import { runServer } from '../support/server-process';
import { createScratchDatabase } from './support/db';

/**
 * Decision 40: a server killed while redemptions are in flight, then
 * restarted on the same database and asked again with the same keys, takes
 * each key's money at most once. On PostgreSQL when TEST_DATABASE_URL names
 * one, else on a PGlite data directory.
 */

const KEYS = 200;
const CERTIFICATES = 8;
/** One of the demo card's denominations; the keys below ask about twice what the certificates hold. */
const DENOMINATION = 100_000;
const STEP = 3_300;
/** Answers seen before the kill: the rest of the keys are in flight or not yet sent. */
const ANSWERS_BEFORE_KILL = 30;

const dataDir = mkdtempSync(join(tmpdir(), 'certdesk-crash-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Outcome {
  status: number;
  text: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** JSON over HTTP to one running server. */
const client =
  (url: string, headers: Record<string, string> = {}) =>
  async (path: string, body?: unknown, extra: Record<string, string> = {}) => {
    const response = await fetch(`${url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...headers, ...extra },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { status: response.status, text: await response.text() };
  };

async function signIn(url: string) {
  const login = await client(url)('/api/front/auth/login', { email: 'redeemer@demo.test', password: 'Demo1234' });
  expect(login.status, login.text).toBe(200);
  return client(url, { authorization: `Bearer ${JSON.parse(login.text).data.accessToken}` });
}

describe('a server killed under redemption load', () => {
  it('debits each Idempotency-Key at most once when the keys are retried after a restart', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    const scratch = adminUrl ? await createScratchDatabase(adminUrl) : undefined;
    const partnerApiKey = randomBytes(24).toString('hex');
    // Attempts killed with the process are thought dead after a second, so the retries need not wait a minute.
    const env = {
      DATA_DIR: dataDir,
      PARTNER_API_KEY: partnerApiKey,
      IDEMPOTENCY_STALE_SECONDS: '1',
      ...(scratch && { DATABASE_URL: scratch.url }),
    };
    let server = runServer(env);
    try {
      let url = await server.listening();
      let call = await signIn(url);
      const supplierId = JSON.parse((await call('/api/front/user/account/get-info')).text).data.memberships.find(
        (m: { supplierName: string }) => m.supplierName === 'Demo Gifts',
      ).supplierId;
      const productId = JSON.parse((await call(`/api/front/supplier/products?supplierId=${supplierId}`)).text).data.items.find(
        (p: { name: string }) => p.name === 'Demo Gifts card',
      ).id;
      const order = await client(url, { 'x-api-key': partnerApiKey })('/api/partner/v1/certificates', {
        productId,
        denomination: DENOMINATION,
        quantity: CERTIFICATES,
        orderNumber: 'CRASH-1',
        channel: 'test',
      });
      expect(order.status, order.text).toBe(200);
      const issued = JSON.parse(order.text).data.certificates as { number: string; pin: string }[];

      // Some keys more than the certificates hold, so refusals are in the mix too.
      const keys = Array.from({ length: KEYS }, (_, index) => ({
        key: `crash-${index}`,
        body: { supplierId, ...issued[index % CERTIFICATES]!, amount: (1 + (index % 4)) * STEP },
      }));
      const redeem = (key: (typeof keys)[number]) => call('/api/front/redemption/redeem', key.body, { 'idempotency-key': key.key });

      // A 503 is no answer of the key's: the request was turned away before any work (decision 068).
      const turnedAway = (outcome: Outcome) => outcome.status === 503;
      const first = new Map<string, Outcome>();
      const inFlight = keys.map((key) =>
        redeem(key).then(
          (outcome) => void (turnedAway(outcome) || first.set(key.key, outcome)),
          () => undefined,
        ),
      );
      for (let waited = 0; first.size < ANSWERS_BEFORE_KILL && waited < 20_000; waited += 5) await sleep(5);
      server.child.kill('SIGKILL');
      await server.exited;
      await Promise.all(inFlight);
      const unknown = keys.filter((key) => !first.has(key.key));
      console.log(`killed with ${first.size} of ${KEYS} answered, ${unknown.length} unknown`);
      expect(unknown.length).toBeGreaterThan(KEYS / 4);

      server = runServer(env);
      url = await server.listening();
      call = await signIn(url);
      // Every key again until it has its answer; 409 while an attempt is (thought) alive, 503 while the server is busy.
      const final = new Map<string, Outcome>();
      for (let round = 0; final.size < KEYS && round < 20; round++) {
        if (round > 0) await sleep(1100);
        await Promise.all(
          keys
            .filter((key) => !final.has(key.key))
            .map(async (key) => {
              const outcome = await redeem(key);
              if (outcome.status !== 409 && !turnedAway(outcome)) final.set(key.key, outcome);
            }),
        );
      }
      expect(final.size).toBe(KEYS);
      for (const outcome of final.values()) expect([200, 422], outcome.text).toContain(outcome.status);

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      const database = await openDatabase(scratch ? { url: scratch.url } : { dataDir });
      try {
        const rows = await database.db
          .select()
          .from(certificates)
          .where(
            inArray(
              certificates.number,
              issued.map((certificate) => certificate.number),
            ),
          );
        const ledger = await database.db
          .select()
          .from(redemptions)
          .where(
            and(
              inArray(
                redemptions.certificateId,
                rows.map((row) => row.id),
              ),
              eq(redemptions.status, 'success'),
            ),
          );
        const debitsOf = (key: string) => ledger.filter((entry) => entry.idempotencyKey === key).map((entry) => entry.transactionNumber);
        expect(
          keys.filter(({ key }) => debitsOf(key).length > 1).map(({ key }) => key),
          'keys debited more than once',
        ).toEqual([]);
        // One debit with the answered transaction number for a success, none for a refusal.
        const answered = (key: string) => {
          const answer = final.get(key)!;
          return answer.status === 200 ? [JSON.parse(answer.text).data.transactionNumber as string] : [];
        };
        for (const { key } of keys) expect(debitsOf(key), key).toEqual(answered(key));
        for (const row of rows) {
          const spent = ledger.filter((entry) => entry.certificateId === row.id).reduce((total, entry) => total + entry.amount, 0);
          expect(row.balance, row.number).toBe(row.denomination - spent);
        }
      } finally {
        await database.close();
      }
      for (const [key, outcome] of first) expect(final.get(key), `replay of ${key}`).toEqual(outcome);
    } finally {
      server.child.kill('SIGKILL');
      await scratch?.drop();
    }
  }, 120_000);
});
