import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificates, mailOutbox, memberships, users, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../server/db/schema';
import { seal } from '../../server/lib/seal';
import { webhookWorker } from '../../server/start';
import { createTestApp, type TestApp } from './support/app';
import { staffAs, submittedProduct } from './support/catalogue';
import { ADMIN_SUPPLIERS, draftCompany, expectOk, newAdmin, post } from './support/companies';
import { usersAs } from './support/users';

/**
 * Decision 094, against a real HTTP receiver on 127.0.0.1: events written with their change, delivered once, in
 * order, signed as Standard Webhooks says, retried, and an endpoint that keeps failing disabled with a mail. The
 * worker runs on a clock of its own, pass by pass.
 */

const WEBHOOKS = '/api/front/webhooks';
const HOUR = 3_600_000;

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver that keeps what it is sent and answers `status`; `down()` stops listening, `up()` listens again on its port. */
async function startReceiver() {
  const received: Received[] = [];
  const state = { status: 200 };
  let server: Server;
  let port = 0;
  const listen = async () => {
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(state.status, { 'content-type': 'text/plain' }).end(state.status === 200 ? 'ok' : 'receiver says no');
      });
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  };
  await listen();
  return {
    received,
    state,
    get url() {
      return `http://127.0.0.1:${port}/hooks`;
    },
    up: listen,
    down: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/**
 * The receiver's check, written from the Standard Webhooks text rather than with our signer: the key is the base64
 * after `whsec_`, the signed content `${id}.${timestamp}.${body}`, the header a space-separated list of `v1,<base64>`,
 * and a timestamp more than five minutes from the receiver's clock is refused.
 */
function verifies(secret: string, message: Received, receiverNow: Date): boolean {
  const id = message.headers['webhook-id'] as string;
  const timestamp = message.headers['webhook-timestamp'] as string;
  const header = message.headers['webhook-signature'] as string;
  if (!id || !/^\d+$/.test(timestamp ?? '') || !header) return false;
  if (Math.abs(Number(timestamp) - Math.floor(receiverNow.getTime() / 1000)) > 300) return false;
  const key = Buffer.from(secret.split('_')[1]!, 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${message.body}`).digest();
  return header.split(' ').some((part) => {
    const [version, value] = part.split(',');
    const given = Buffer.from(value ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}

let test: TestApp;
let admin: string;
let redeemer: string;
let moderator: string;
let mainId: string;
let receiver: Receiver;
let keyCounter = 0;

/** The worker's own clock, started at the app's; the app's clock stays put so tokens stay valid. */
let workerTime = 0;
const worker = () => webhookWorker(test.deps, { pollMs: 1000, now: () => new Date(workerTime) });
const workerNow = () => new Date(workerTime);

const addEndpoint = (body: Record<string, unknown>, token = admin) =>
  test.call('POST', `${WEBHOOKS}/add`, { token, body: { supplierId: mainId, ...body } });
const redeem = (number: string, pin: string | null, amount: number) =>
  test.call('POST', '/api/front/redemption/redeem', {
    token: redeemer,
    body: { supplierId: mainId, number, ...(pin && { pin }), amount },
    headers: { 'idempotency-key': `hook-${keyCounter++}` },
  });
const deliveriesOf = (endpointId: string) =>
  test.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)).orderBy(asc(webhookDeliveries.seq));

let orderCounter = 0;
/** A new certificate of the demo card, issued through the partner API. */
async function issueCard(denomination = 100_000): Promise<{ number: string; pin: string | null }> {
  const products = await test.call('GET', `/api/front/supplier/products?supplierId=${mainId}`, { token: redeemer });
  const productId = products.body.data.items.find((product: { name: string }) => product.name === 'Demo Gifts card').id;
  const issued = await test.call('POST', '/api/partner/v1/certificates', {
    body: { productId, denomination, quantity: 1, orderNumber: `HOOK-${orderCounter++}`, channel: 'test' },
    headers: { 'x-api-key': test.deps.keys.partnerApiKey },
  });
  return expectOk(issued).certificates[0];
}

/** Runs passes, moving the worker's clock to the next try each time, until `done` or nothing is left to try. */
async function drive(endpointId: string, done: () => Promise<boolean>, maxPasses = 40): Promise<void> {
  for (let pass = 0; pass < maxPasses && !(await done()); pass++) {
    await worker().processDue();
    const [next] = await test.database.db
      .select({ at: sql<string>`min(${webhookDeliveries.nextAttemptAt})` })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
    if (next?.at) workerTime = Math.max(workerTime, new Date(next.at).getTime());
  }
}

beforeAll(async () => {
  test = await createTestApp();
  workerTime = test.clock.now().getTime();
  admin = (await test.login('admin@demo.test')).accessToken;
  redeemer = (await test.login('redeemer@demo.test')).accessToken;
  moderator = (await test.login('moderator@demo.test')).accessToken;
  const info = await test.call('GET', '/api/front/user/account/get-info', { token: admin });
  mainId = info.body.data.memberships.find((m: { supplierName: string }) => m.supplierName === 'Demo Gifts').supplierId;
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.down();
  await test.close();
});

describe('endpoints', () => {
  it('registers an endpoint with a secret shown once, and refuses bad input with codes', async () => {
    const added = expectOk(await addEndpoint({ url: receiver.url, events: ['user.blocked', 'certificate.redeemed', 'user.blocked'] }));
    expect(added.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(added.endpoint).toMatchObject({ url: receiver.url, events: ['certificate.redeemed', 'user.blocked'], status: 'enabled' });
    const info = await test.call('GET', `${WEBHOOKS}/info?supplierId=${mainId}&endpointId=${added.endpoint.id}`, { token: admin });
    expect(info.text).not.toContain(added.secret.slice(6));
    expect(JSON.stringify(await test.database.db.select().from(webhookEndpoints))).not.toContain(added.secret.slice(6));

    const refused = async (body: Record<string, unknown>, field: string, code: string) => {
      const answer = await addEndpoint(body);
      expect(answer.status, answer.text).toBe(422);
      expect(answer.body.error.fields[field]).toBe(code);
    };
    await refused({ url: 'ftp://example.com/x', events: ['user.blocked'] }, 'url', 'WEBHOOK_URL_INVALID');
    await refused({ url: 'https://user:pw@example.com/x', events: ['user.blocked'] }, 'url', 'WEBHOOK_URL_INVALID');
    await refused({ url: `https://example.com/${'x'.repeat(2000)}`, events: ['user.blocked'] }, 'url', 'TOO_LONG');
    await refused({ url: 'https://example.com/x', events: [] }, 'events', 'WEBHOOK_EVENTS_REQUIRED');
    await refused({ url: 'https://example.com/x', events: ['certificate.stolen'] }, 'events.0', 'UNKNOWN_VALUE');
    await test.call('POST', `${WEBHOOKS}/delete`, { token: admin, body: { supplierId: mainId, endpointId: added.endpoint.id } });
  });

  it('is for the company’s admins only', async () => {
    const asRedeemer = await addEndpoint({ url: receiver.url, events: ['user.blocked'] }, redeemer);
    expect(asRedeemer.status).toBe(403);
    const stranger = await newAdmin(test, 'stranger');
    const foreign = await addEndpoint({ url: receiver.url, events: ['user.blocked'] }, stranger.token);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('SUPPLIER_NOT_FOUND');
  });

  it('caps a company at ten endpoints, also when added at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) => addEndpoint({ url: `${receiver.url}/${index}`, events: ['product.approved'] })),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10);
    expect(answers.filter((answer) => answer.body.error?.code === 'WEBHOOK_ENDPOINT_LIMIT')).toHaveLength(2);
    for (const answer of answers.filter((one) => one.status === 200))
      expectOk(
        await test.call('POST', `${WEBHOOKS}/delete`, {
          token: admin,
          body: { supplierId: mainId, endpointId: answer.body.data.endpoint.id },
        }),
      );
  });

  it('outside development refuses plain http and local or private hosts, literal and at delivery', async () => {
    const strict = await createTestApp({ env: { WEBHOOKS_ALLOW_LOCAL: 'false' } });
    try {
      const token = (await strict.login('admin@demo.test')).accessToken;
      const info = await strict.call('GET', '/api/front/user/account/get-info', { token });
      const supplierId = info.body.data.memberships.find((m: { supplierName: string }) => m.supplierName === 'Demo Gifts').supplierId;
      const codeOf = async (url: string) =>
        (await strict.call('POST', `${WEBHOOKS}/add`, { token, body: { supplierId, url, events: ['user.blocked'] } })).body.error?.fields
          ?.url;
      expect(await codeOf('http://example.com/hook')).toBe('WEBHOOK_URL_NOT_HTTPS');
      for (const url of [
        'https://127.0.0.1/hook',
        'https://localhost/hook',
        'https://api.localhost/hook',
        'https://intranet/hook',
        'https://10.1.2.3/hook',
        'https://192.168.0.10/hook',
        'https://169.254.169.254/latest/meta-data',
        'https://[::1]/hook',
        'https://[fd00::1]/hook',
        'https://[::ffff:127.0.0.1]/hook',
      ])
        expect(await codeOf(url), url).toBe('WEBHOOK_URL_PRIVATE');
      expect(await codeOf('https://hooks.example.com/in')).toBeUndefined();

      // An address that became local after it was saved (a row written as if by an older rule) is not called.
      const [endpoint] = await strict.database.db
        .insert(webhookEndpoints)
        .values({
          supplierId,
          url: receiver.url.replace('http:', 'https:'),
          events: ['user.blocked'],
          secret: seal(strict.deps.keys.seal, `whsec_${Buffer.alloc(32).toString('base64')}`),
        })
        .returning();
      const sent = expectOk(await strict.call('POST', `${WEBHOOKS}/test`, { token, body: { supplierId, endpointId: endpoint!.id } }));
      const before = receiver.received.length;
      await webhookWorker(strict.deps, { pollMs: 1000, now: strict.clock.now }).processDue();
      expect(receiver.received).toHaveLength(before);
      const [delivery] = await strict.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, sent.deliveryId));
      expect(delivery).toMatchObject({ status: 'pending', responseStatus: null, attempts: 1 });
      expect(delivery!.lastError).toMatch(/not allowed/);
    } finally {
      await strict.close();
    }
  });
});

describe('delivery', () => {
  it('a redemption produces exactly one delivery, signed so that the receiver verifies it', async () => {
    const { endpoint, secret } = expectOk(await addEndpoint({ url: receiver.url, events: ['certificate.redeemed'] }));
    const card = await issueCard();
    const redeemed = expectOk(await redeem(card.number, card.pin, 12_345));
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);

    const before = receiver.received.length;
    expect(await worker().processDue()).toMatchObject({ delivered: 1, retried: 0 });
    expect(await worker().processDue()).toMatchObject({ delivered: 0 });
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(1);
    expect(verifies(secret, got[0]!, workerNow())).toBe(true);
    expect(verifies(secret, { ...got[0]!, body: got[0]!.body.replace('12345', '12346') }, workerNow())).toBe(false);
    const body = JSON.parse(got[0]!.body);
    expect(body).toMatchObject({
      id: got[0]!.headers['webhook-id'],
      type: 'certificate.redeemed',
      supplierId: mainId,
      data: {
        number: card.number,
        amount: 12_345,
        balance: 100_000 - 12_345,
        transactionNumber: redeemed.transactionNumber,
        currency: 'RUB',
      },
    });
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, responseStatus: 200 });

    const log = expectOk(await test.call('GET', `${WEBHOOKS}/deliveries?supplierId=${mainId}&endpointId=${endpoint.id}`, { token: admin }));
    expect(log.items).toEqual([
      expect.objectContaining({ type: 'certificate.redeemed', status: 'delivered', responseStatus: 200, attempts: 1 }),
    ]);
    expect(log.items[0].payload).toBe(got[0]!.body);
    await test.call('POST', `${WEBHOOKS}/status`, {
      token: admin,
      body: { supplierId: mainId, endpointId: endpoint.id, status: 'disabled' },
    });
  });

  it('with the receiver down for a while, then up: each event delivered once, in the order of the events', async () => {
    const { endpoint, secret } = expectOk(await addEndpoint({ url: receiver.url, events: ['certificate.redeemed'] }));
    const card = await issueCard();
    await receiver.down();
    for (const amount of [1_000, 2_000, 3_000]) expectOk(await redeem(card.number, card.pin, amount));

    expect(await worker().processDue()).toMatchObject({ delivered: 0, retried: 1 });
    // Only the first waits for its retry: the later ones are not tried before it.
    expect((await deliveriesOf(endpoint.id)).map((delivery) => delivery.attempts)).toEqual([1, 0, 0]);
    workerTime += HOUR;
    expect(await worker().processDue()).toMatchObject({ delivered: 0, retried: 1 });
    expect((await deliveriesOf(endpoint.id))[0]!.lastError).toMatch(/ECONNREFUSED/);

    await receiver.up();
    const before = receiver.received.length;
    workerTime += HOUR;
    expect(await worker().processDue()).toMatchObject({ delivered: 3 });
    const got = receiver.received.slice(before);
    expect(got.map((message) => JSON.parse(message.body).data.amount)).toEqual([1_000, 2_000, 3_000]);
    expect(new Set(got.map((message) => message.headers['webhook-id'])).size).toBe(3);
    expect(got.every((message) => verifies(secret, message, workerNow()))).toBe(true);
    expect((await deliveriesOf(endpoint.id)).map((delivery) => [delivery.status, delivery.attempts])).toEqual([
      ['delivered', 3],
      ['delivered', 1],
      ['delivered', 1],
    ]);
    await test.call('POST', `${WEBHOOKS}/status`, {
      token: admin,
      body: { supplierId: mainId, endpointId: endpoint.id, status: 'disabled' },
    });
  });

  it('two workers at once deliver each event once, in order', async () => {
    const { endpoint } = expectOk(await addEndpoint({ url: receiver.url, events: ['certificate.redeemed'] }));
    const card = await issueCard(300_000);
    for (let step = 1; step <= 6; step++) expectOk(await redeem(card.number, card.pin, step * 100));
    const before = receiver.received.length;
    await Promise.all([worker().processDue(), worker().processDue(), worker().processDue()]);
    expect(receiver.received.slice(before).map((message) => JSON.parse(message.body).data.amount)).toEqual([100, 200, 300, 400, 500, 600]);
    expect((await deliveriesOf(endpoint.id)).every((delivery) => delivery.status === 'delivered' && delivery.attempts === 1)).toBe(true);
    await test.call('POST', `${WEBHOOKS}/status`, {
      token: admin,
      body: { supplierId: mainId, endpointId: endpoint.id, status: 'disabled' },
    });
  });

  it('a redemption that does not happen records no event: refused, or rolled back after the event was written', async () => {
    const { endpoint } = expectOk(await addEndpoint({ url: receiver.url, events: ['certificate.redeemed'] }));
    const card = await issueCard();
    const events = async () => (await test.database.db.select({ total: count() }).from(webhookEvents))[0]!.total;
    const eventsBefore = await events();

    const refused = await redeem(card.number, card.pin, 100_001);
    expect(refused.body.error.code).toBe('AMOUNT_EXCEEDS_BALANCE');

    // A failure at commit, after every statement of the redemption (its event's too) ran: the whole of it goes.
    const { db } = test.database;
    await db.execute(
      sql.raw(`create function webhook_test_fail() returns trigger language plpgsql as $$ begin raise exception 'forced failure'; end $$`),
    );
    await db.execute(
      sql.raw(
        `create constraint trigger webhook_test_fail after insert on redemptions deferrable initially deferred for each row when (new.amount = 4242) execute function webhook_test_fail()`,
      ),
    );
    try {
      const failed = await redeem(card.number, card.pin, 4242);
      expect(failed.status).toBeGreaterThanOrEqual(500);
    } finally {
      await db.execute(sql.raw('drop trigger webhook_test_fail on redemptions'));
      await db.execute(sql.raw('drop function webhook_test_fail'));
    }
    const [certificate] = await db.select().from(certificates).where(eq(certificates.number, card.number));
    expect(certificate!.balance).toBe(100_000);
    expect(await events()).toBe(eventsBefore);
    expect(await deliveriesOf(endpoint.id)).toHaveLength(0);

    // The same certificate then redeems, and that is heard of.
    expectOk(await redeem(card.number, card.pin, 500));
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
    await test.call('POST', `${WEBHOOKS}/delete`, { token: admin, body: { supplierId: mainId, endpointId: endpoint.id } });
  });

  it('a receiver that always fails: retried with back-off, then the endpoint is disabled and the admins are mailed', async () => {
    const failing = await startReceiver();
    failing.state.status = 500;
    try {
      const { endpoint } = expectOk(await addEndpoint({ url: failing.url, events: ['certificate.redeemed'] }));
      const card = await issueCard();
      expectOk(await redeem(card.number, card.pin, 700));
      const started = workerTime;
      const isDisabled = async () =>
        (await test.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id)))[0]!.status === 'disabled';
      await drive(endpoint.id, isDisabled);

      expect(await isDisabled()).toBe(true);
      const [delivery] = await deliveriesOf(endpoint.id);
      expect(delivery).toMatchObject({ status: 'failed', attempts: 15, responseStatus: 500, lastError: 'receiver says no' });
      expect(failing.received).toHaveLength(15);
      // The tries spread over about a day: each waited longer than the one before, up to the cap.
      expect(workerTime - started).toBeGreaterThanOrEqual(24 * HOUR);
      const info = expectOk(await test.call('GET', `${WEBHOOKS}/info?supplierId=${mainId}&endpointId=${endpoint.id}`, { token: admin }));
      expect(info).toMatchObject({ status: 'disabled', disabledReason: 'failures' });

      const mails = await test.database.db
        .select()
        .from(mailOutbox)
        .where(sql`${mailOutbox.text} like ${`%${failing.url}%`}`);
      expect(mails.map((mail) => mail.to)).toEqual(['admin@demo.test']);
      expect(mails[0]!.text).toContain(`/integrations/webhooks/${endpoint.id}`);

      // Disabled: a new redemption writes nothing for it; enabled again, the failures are forgotten.
      expectOk(await redeem(card.number, card.pin, 100));
      expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
      const enabled = expectOk(
        await test.call('POST', `${WEBHOOKS}/status`, {
          token: admin,
          body: { supplierId: mainId, endpointId: endpoint.id, status: 'enabled' },
        }),
      );
      expect(enabled).toMatchObject({ status: 'enabled', disabledReason: null });
      const [row] = await test.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
      expect(row).toMatchObject({ failures: 0, failingSince: null });
      await test.call('POST', `${WEBHOOKS}/delete`, { token: admin, body: { supplierId: mainId, endpointId: endpoint.id } });
    } finally {
      await failing.down();
    }
  });
});

describe('secrets, test events and resending', () => {
  it('a rotated secret signs beside the new one for a day, then only the new one', async () => {
    const { endpoint, secret: first } = expectOk(await addEndpoint({ url: receiver.url, events: ['certificate.redeemed'] }));
    const rotated = expectOk(
      await test.call('POST', `${WEBHOOKS}/rotate`, { token: admin, body: { supplierId: mainId, endpointId: endpoint.id } }),
    );
    expect(rotated.secret).not.toBe(first);
    expect(rotated.endpoint.previousSecretUntil).toBe(new Date(test.clock.now().getTime() + 24 * HOUR).toISOString());

    const send = async () => {
      const before = receiver.received.length;
      expectOk(await test.call('POST', `${WEBHOOKS}/test`, { token: admin, body: { supplierId: mainId, endpointId: endpoint.id } }));
      await worker().processDue();
      return receiver.received.slice(before);
    };
    workerTime = test.clock.now().getTime();
    const [during] = await send();
    expect((during!.headers['webhook-signature'] as string).split(' ')).toHaveLength(2);
    expect(verifies(first, during!, workerNow()) && verifies(rotated.secret, during!, workerNow())).toBe(true);
    expect(JSON.parse(during!.body)).toMatchObject({ type: 'webhook.test', data: { endpointId: endpoint.id } });

    workerTime = test.clock.now().getTime() + 25 * HOUR;
    const [after] = await send();
    expect((after!.headers['webhook-signature'] as string).split(' ')).toHaveLength(1);
    expect(verifies(rotated.secret, after!, workerNow())).toBe(true);
    expect(verifies(first, after!, workerNow())).toBe(false);

    // Sent again: the same event, the same webhook-id, a new line in the log.
    const log = expectOk(await test.call('GET', `${WEBHOOKS}/deliveries?supplierId=${mainId}&endpointId=${endpoint.id}`, { token: admin }));
    expectOk(
      await test.call('POST', `${WEBHOOKS}/resend`, {
        token: admin,
        body: { supplierId: mainId, endpointId: endpoint.id, deliveryId: log.items[0].id },
      }),
    );
    const before = receiver.received.length;
    await worker().processDue();
    expect(receiver.received.slice(before).map((message) => message.headers['webhook-id'])).toEqual([after!.headers['webhook-id']]);
    const again = expectOk(
      await test.call('GET', `${WEBHOOKS}/deliveries?supplierId=${mainId}&endpointId=${endpoint.id}`, { token: admin }),
    );
    expect(again.total).toBe(3);

    await test.call('POST', `${WEBHOOKS}/status`, {
      token: admin,
      body: { supplierId: mainId, endpointId: endpoint.id, status: 'disabled' },
    });
    const refused = await test.call('POST', `${WEBHOOKS}/test`, { token: admin, body: { supplierId: mainId, endpointId: endpoint.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('WEBHOOK_ENDPOINT_DISABLED');
  });
});

describe('the events of other changes', () => {
  it('issuing, a product’s and a company’s moderation and a block each write their event', async () => {
    const { endpoint } = expectOk(
      await addEndpoint({ url: receiver.url, events: ['certificate.issued', 'product.approved', 'product.rejected', 'user.blocked'] }),
    );
    const typesOf = async (endpointId: string) =>
      (
        await test.database.db
          .select({ type: webhookEvents.type, body: webhookEvents.body })
          .from(webhookDeliveries)
          .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
          .where(eq(webhookDeliveries.endpointId, endpointId))
          .orderBy(asc(webhookDeliveries.seq))
      ).map((row) => ({ type: row.type, data: JSON.parse(row.body).data }));

    const card = await issueCard();
    const staff = staffAs(test, moderator);
    const approved = await submittedProduct(test, admin, mainId, 'Hook spa');
    expectOk(await staff.finish(approved, 'approve'));
    const rejected = await submittedProduct(test, admin, mainId, 'Hook massage');
    expectOk(await staff.finish(rejected, 'reject', 'Add the address'));
    const [redeemerRow] = await test.database.db
      .select({ id: users.id })
      .from(users)
      .innerJoin(memberships, eq(memberships.userId, users.id))
      .where(and(eq(users.email, 'redeemer@demo.test'), eq(memberships.supplierId, mainId)));
    expectOk(await usersAs(test, admin).block(mainId, redeemerRow!.id));
    expectOk(await usersAs(test, admin).unblock(mainId, redeemerRow!.id));

    expect(await typesOf(endpoint.id)).toEqual([
      { type: 'certificate.issued', data: expect.objectContaining({ number: card.number, denomination: 100_000, currency: 'RUB' }) },
      { type: 'product.approved', data: { productId: approved, name: 'Hook spa', comment: '' } },
      { type: 'product.rejected', data: { productId: rejected, name: 'Hook massage', comment: 'Add the address' } },
      { type: 'user.blocked', data: { userId: redeemerRow!.id, email: 'redeemer@demo.test' } },
    ]);
    await test.call('POST', `${WEBHOOKS}/delete`, { token: admin, body: { supplierId: mainId, endpointId: endpoint.id } });

    // A company's decision: its own admin registers an endpoint while it is a draft.
    const owner = await newAdmin(test, 'hooks-owner');
    const supplierId = await draftCompany(test, owner.token);
    const own = expectOk(
      await test.call('POST', `${WEBHOOKS}/add`, {
        token: owner.token,
        body: { supplierId, url: receiver.url, events: ['company.approved', 'company.rejected'] },
      }),
    );
    expectOk(await post(test, owner.token, '/supplier/submit', { supplierId, language: 'ru-RU' }));
    expectOk(await test.call('POST', `${ADMIN_SUPPLIERS}/${supplierId}/approve`, { token: moderator }));
    expect(await typesOf(own.endpoint.id)).toEqual([{ type: 'company.approved', data: { supplierId, name: expect.any(String) } }]);
  });
});
