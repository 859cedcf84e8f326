// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as OnlineModule from '@/lib/online';

/** The browser's network flag and events, as Chromium moves them when the device goes off- and online. */
let navigatorOnline = true;
const goOffline = () => {
  navigatorOnline = false;
  window.dispatchEvent(new Event('offline'));
};
const goOnline = () => {
  navigatorOnline = true;
  window.dispatchEvent(new Event('online'));
};

/** Health probes that answer only when the test says so. */
const probes: { answer: (ok: boolean) => void }[] = [];
const healthAnswer = (ok: boolean) => new Response(JSON.stringify({ data: { status: ok ? 'ok' : 'down' } }));

let online: typeof OnlineModule;
beforeEach(async () => {
  navigatorOnline = true;
  probes.length = 0;
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => navigatorOnline });
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>((resolve) => probes.push({ answer: (ok) => resolve(healthAnswer(ok)) }))),
  );
  // A fresh module each time: its state and its window listeners start over.
  const added = vi.spyOn(window, 'addEventListener');
  vi.resetModules();
  online = await import('@/lib/online');
  listeners = added.mock.calls.map(([type, listener]) => [type, listener as EventListener]);
  added.mockRestore();
});
let listeners: [string, EventListener][] = [];
afterEach(() => {
  for (const [type, listener] of listeners) window.removeEventListener(type, listener);
  vi.unstubAllGlobals();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the online state', () => {
  it('stays offline when a health probe that left before the offline event answers after it', async () => {
    online.markUnreachable();
    expect(probes).toHaveLength(1);
    goOffline();
    probes[0]!.answer(true);
    await settle();
    expect(online.isOnline()).toBe(false);
  });

  it('stays offline when a request that left before the offline event is answered after it', () => {
    const sentAt = online.onlineGeneration();
    goOffline();
    online.markReachable(sentAt);
    expect(online.isOnline()).toBe(false);
  });

  it('never turns online while the browser says it is offline', async () => {
    goOffline();
    online.markReachable(online.onlineGeneration());
    expect(online.isOnline()).toBe(false);
    await online.checkReachable();
    expect(online.isOnline()).toBe(false);
  });

  it('asks again when the network came back while an older probe was out, and believes only the new answer', async () => {
    online.markUnreachable();
    goOffline();
    goOnline();
    expect(probes).toHaveLength(2);
    probes[0]!.answer(true);
    await settle();
    expect(online.isOnline()).toBe(false);
    probes[1]!.answer(true);
    await settle();
    expect(online.isOnline()).toBe(true);
  });

  it('is online again once a request sent after the network came back is answered', () => {
    goOffline();
    navigatorOnline = true;
    online.markReachable(online.onlineGeneration());
    expect(online.isOnline()).toBe(true);
  });

  it('joins a probe already out instead of asking twice', async () => {
    online.markUnreachable();
    const first = online.checkReachable();
    const second = online.checkReachable();
    expect(probes).toHaveLength(1);
    probes[0]!.answer(true);
    expect(await first).toBe(true);
    expect(await second).toBe(true);
  });
});
