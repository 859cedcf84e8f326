import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { inlineHashes } from '../../server/http/csp';
import { createTestApp, type TestApp } from './support/app';

/**
 * The built index.html paints before the app with an inline script and stylesheet (decision 070): the pages' content
 * security policy allows exactly those, by hash, and nothing else inline; API answers stay as they were.
 */

const page = (script: string, style: string) =>
  `<!doctype html><html><head><style>${style}</style></head><body><div id="first-paint"></div><script>${script}</script></body></html>`;
const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const directive = (headers: Headers, name: string): string[] =>
  (headers.get('content-security-policy') ?? '')
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name)
    ?.slice(1) ?? [];

let test: TestApp;
let root: string;
beforeAll(async () => {
  test = await createTestApp();
  root = mkdtempSync(join(tmpdir(), 'certdesk-inline-'));
  writeFileSync(join(root, 'index.html'), page('document.body.dataset.painted = "1";', 'body{margin:0}'));
});
afterAll(async () => {
  rmSync(root, { recursive: true, force: true });
  await test?.close();
});

describe('the inline first paint and the content security policy', () => {
  it('allows the page its own inline script and stylesheet by their hashes, never unsafe-inline', async () => {
    const app = createApp(test.deps, { staticDir: root });
    const headers = (await app.request('/login')).headers;
    expect(directive(headers, 'script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", hash('document.body.dataset.painted = "1";')]);
    expect(directive(headers, 'style-src')).toEqual(["'self'", hash('body{margin:0}')]);
  });

  it('adds nothing to API answers, nor to any answer when no build is served', async () => {
    const app = createApp(test.deps, { staticDir: root });
    const api = (await app.request('/api/health')).headers;
    expect(directive(api, 'script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(directive(api, 'style-src')).toEqual(["'self'"]);
    const noBuild = (await test.call('GET', '/login')).headers;
    expect(directive(noBuild, 'style-src')).toEqual(["'self'"]);
  });

  it('follows a new build written in place, once the file has changed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'certdesk-inline-'));
    try {
      let clock = 0;
      const hashes = inlineHashes(dir, () => clock);
      expect(hashes()).toEqual({ script: '', style: '' });
      writeFileSync(join(dir, 'index.html'), page('one()', 'a{}'));
      // Looked at again at most once a second.
      expect(hashes()).toEqual({ script: '', style: '' });
      clock += 1000;
      expect(hashes()).toEqual({ script: hash('one()'), style: hash('a{}') });
      writeFileSync(join(dir, 'index.html'), page('two()', 'b{}'));
      clock += 1000;
      expect(hashes()).toEqual({ script: hash('two()'), style: hash('b{}') });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
