import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createTestApp, type TestApp } from './support/app';

/**
 * Issue 14 parts 4–5 (decision 62): the deployment's analytics counters and live chat, as `GET /api/front/site`
 * tells the PWA, and the content security policy, which opens exactly their origins and nothing else.
 */

const CONFIGURED = {
  PIXEL_URL: 'https://counter.example/hit.gif?site=certdesk',
  PIXEL_ES_URL: 'https://pixel.example.es:8443/es.gif',
  CHAT_SCRIPT_URL: 'https://code.chat.example/widget/abc123',
};

/** The policy every answer carried before issue 14, directive by directive. */
const OWN_POLICY: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'media-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

const directivesOf = (headers: Headers): Record<string, string[]> =>
  Object.fromEntries(
    (headers.get('content-security-policy') ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );

let test: TestApp;
let configured: ReturnType<typeof createApp>;
beforeAll(async () => {
  test = await createTestApp();
  // The same database and clock, another configuration: the policy and the answer are built from it at start.
  configured = createApp({ ...test.deps, config: loadConfig({ NODE_ENV: 'test', ...CONFIGURED }) });
});
afterAll(() => test?.close());

describe('GET /api/front/site', () => {
  it('answers no counters and no chat when none is configured, to anyone, cacheable briefly', async () => {
    const response = await test.call('GET', '/api/front/site');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { pixels: [], chat: null } });
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it('answers the configured counters, the second for es only, and the chat script', async () => {
    const response = await configured.request('/api/front/site');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      data: {
        pixels: [
          { url: CONFIGURED.PIXEL_URL, region: null },
          { url: CONFIGURED.PIXEL_ES_URL, region: 'es' },
        ],
        chat: { scriptUrl: CONFIGURED.CHAT_SCRIPT_URL },
      },
    });
  });

  it('answers each counter alone when only it is configured', async () => {
    const esOnly = createApp({ ...test.deps, config: loadConfig({ NODE_ENV: 'test', PIXEL_ES_URL: CONFIGURED.PIXEL_ES_URL }) });
    expect(await (await esOnly.request('/api/front/site')).json()).toEqual({
      data: { pixels: [{ url: CONFIGURED.PIXEL_ES_URL, region: 'es' }], chat: null },
    });
  });
});

describe('content security policy', () => {
  it.each([
    ['a portal page', '/login'],
    ['an API answer', '/api/health'],
    ['the site answer', '/api/front/site'],
  ])('is our own origin only on %s when nothing is configured', async (_name, path) => {
    expect(directivesOf((await test.call('GET', path)).headers)).toEqual(OWN_POLICY);
  });

  it.each([
    ['a portal page', '/login'],
    ['an API answer', '/api/health'],
  ])('opens exactly the configured origins on %s', async (_name, path) => {
    const chat = 'https://code.chat.example';
    expect(directivesOf((await configured.request(path)).headers)).toEqual({
      ...OWN_POLICY,
      'script-src': [...OWN_POLICY['script-src']!, chat],
      'style-src': [...OWN_POLICY['style-src']!, chat],
      'font-src': [...OWN_POLICY['font-src']!, chat],
      'img-src': [...OWN_POLICY['img-src']!, 'https://counter.example', 'https://pixel.example.es:8443', chat],
      'connect-src': [...OWN_POLICY['connect-src']!, chat, 'wss://code.chat.example'],
      'frame-src': ["'self'", chat],
    });
  });

  it('opens only img-src for counters without a chat', async () => {
    const pixelsOnly = createApp({ ...test.deps, config: loadConfig({ NODE_ENV: 'test', PIXEL_URL: 'http://127.0.0.1:9100/p.gif' }) });
    expect(directivesOf((await pixelsOnly.request('/login')).headers)).toEqual({
      ...OWN_POLICY,
      'img-src': [...OWN_POLICY['img-src']!, 'http://127.0.0.1:9100'],
    });
  });

  it('keeps the embeddable path free of the counters and the chat', async () => {
    for (const path of ['/embed', '/embed/some-widget']) {
      const headers = (await configured.request(path)).headers;
      expect(directivesOf(headers)).toEqual({ ...OWN_POLICY, 'frame-ancestors': ['*'] });
      expect(headers.get('x-frame-options')).toBeNull();
    }
  });
});
