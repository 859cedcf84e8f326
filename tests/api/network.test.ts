import { mkdtempSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../server/db/schema';
import { runServer } from '../support/server-process';
import { createTestApp, type TestApp } from './support/app';

/** What @hono/node-server hands the app for a request that came over a socket from `address`. */
const socketFrom = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ env: { NODE_ENV: 'development' } });
});
afterAll(() => test?.close());

const outbox = (peer: string, headers: Record<string, string> = {}) => test.app.request('/api/dev/outbox', { headers }, socketFrom(peer));

describe('the development outbox', () => {
  it('answers a browser on this machine', async () => {
    for (const peer of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect((await outbox(peer)).status).toBe(200);
  });

  it('is not served to another address, whatever X-Forwarded-For claims', async () => {
    for (const peer of ['192.168.1.20', '10.0.0.5', '::ffff:192.168.1.20', 'fe80::1']) {
      const answer = await outbox(peer, { 'x-forwarded-for': '127.0.0.1' });
      expect(answer.status).toBe(404);
      expect(await answer.text()).not.toMatch(/\d{6}/);
    }
  });

  it('is not served to an in-process request that has no socket', async () => {
    expect((await test.call('GET', '/api/dev/outbox')).status).toBe(404);
  });

  it('is not served through a proxy on this machine: any forwarding header, whatever it names (decision 075)', async () => {
    const forwarded = {
      'x-forwarded-for': '203.0.113.9',
      forwarded: 'for=203.0.113.9',
      'x-real-ip': '203.0.113.9',
      'x-forwarded-host': 'portal.example.com',
      'x-forwarded-proto': 'https',
      via: '1.1 proxy',
      'x-client-ip': '203.0.113.9',
      'true-client-ip': '203.0.113.9',
      'cf-connecting-ip': '203.0.113.9',
      'x-cluster-client-ip': '203.0.113.9',
      'fastly-client-ip': '203.0.113.9',
    };
    for (const [name, value] of Object.entries(forwarded)) {
      for (const claimed of [value, '127.0.0.1']) expect((await outbox('127.0.0.1', { [name]: claimed })).status, name).toBe(404);
    }
    expect((await outbox('127.0.0.1')).status).toBe(200);
  });

  it('does not exist in production, not even for this machine', async () => {
    const production = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      const answer = await production.app.request('/api/dev/outbox', {}, socketFrom('127.0.0.1'));
      expect(answer.status).toBe(404);
      expect(await answer.text()).not.toMatch(/\d{6}/);
    } finally {
      await production.close();
    }
  });
});

describe('the client address behind proxies', () => {
  const ADDRESSES = ['1.1.1.1', '2.2.2.2', '203.0.113.7', '10.0.0.2', '10.9.9.9'];
  /** Fails a sign-in from the socket 10.9.9.9 with `forwarded`; answers the addresses whose counters moved. */
  const countedAddresses = async (env: Record<string, string>, forwarded: string) => {
    const app = await createTestApp({ env });
    try {
      await app.app.request(
        '/api/front/auth/login',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': forwarded },
          body: JSON.stringify({ email: 'nobody@example.test', password: 'Wrong1234' }),
        },
        socketFrom('10.9.9.9'),
      );
      const keys = (await app.database.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
      return ADDRESSES.filter((address) => keys.some((key) => key.endsWith(`:${address}`)));
    } finally {
      await app.close();
    }
  };

  it('takes the entry our proxy added, never the ones the client wrote', async () => {
    expect(await countedAddresses({ TRUST_PROXY: 'true' }, '1.1.1.1, 2.2.2.2, 203.0.113.7')).toEqual(['203.0.113.7']);
    expect(await countedAddresses({ TRUST_PROXY: '2' }, '1.1.1.1, 203.0.113.7, 10.0.0.2')).toEqual(['203.0.113.7']);
  });

  it('ignores the header without TRUST_PROXY and uses the socket', async () => {
    expect(await countedAddresses({}, '203.0.113.7')).toEqual(['10.9.9.9']);
  });
});

describe('answer headers', () => {
  it('keep tokens and personal data out of caches', async () => {
    const login = await test.call('POST', '/api/front/auth/login', { body: { email: 'admin@demo.test', password: 'Demo1234' } });
    expect(login.status).toBe(200);
    expect(login.headers.get('cache-control')).toBe('no-store');
    const info = await test.call('GET', '/api/front/user/account/get-info', { token: login.body.data.accessToken });
    expect(info.headers.get('cache-control')).toBe('no-store');
    expect((await test.call('GET', '/api/front/user/account/get-info')).headers.get('cache-control')).toBe('no-store');
  });

  it('send HSTS only over https', async () => {
    expect((await test.app.request('http://localhost/api/health')).headers.get('strict-transport-security')).toBeNull();
    expect((await test.app.request('https://localhost/api/health')).headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });

  it('trust X-Forwarded-Proto only from a trusted proxy', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const viaTls = await proxied.app.request('http://localhost/api/health', { headers: { 'x-forwarded-proto': 'https' } });
      expect(viaTls.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    } finally {
      await proxied.close();
    }
    const direct = await test.app.request('http://localhost/api/health', { headers: { 'x-forwarded-proto': 'https' } });
    expect(direct.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('a default start', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'certdesk-host-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  // Any address of this machine that is not loopback: a neighbour on the network would connect there.
  const outward = Object.values(networkInterfaces())
    .flat()
    .find((item) => item && item.family === 'IPv4' && !item.internal)?.address;

  it('listens on loopback only', async () => {
    const server = runServer({ DATA_DIR: dataDir, SEED_DEMO: 'false' });
    try {
      const url = await server.listening();
      expect(server.output()).toMatch(/"message":"listening"[^\n]*"address":"127\.0\.0\.1"/);
      const port = new URL(url).port;
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      if (outward) await expect(fetch(`http://${outward}:${port}/api/health`)).rejects.toThrow();
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }, 90_000);
});
