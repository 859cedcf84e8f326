import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from '../../scripts/precompress';
import { createApp } from '../../server/app';
import { createTestApp, type TestApp } from './support/app';

/**
 * Compressed delivery (decision 067): the build's Brotli and gzip copies, sent by content negotiation with
 * `Vary: Accept-Encoding`, and the API's larger JSON answers compressed on the way out.
 */

let test: TestApp;
let root: string;
let app: ReturnType<typeof createApp>;

/** Text that compresses well and differs between files, above the 1 KiB floor. */
const script = (name: string) => Array.from({ length: 200 }, (_, line) => `export const ${name}${line} = ${line * 7};`).join('\n');
const SHELL = `<!doctype html><html><head><title>Certdesk</title></head><body>${'<div class="shell"></div>'.repeat(80)}</body></html>`;

beforeAll(async () => {
  test = await createTestApp();
  root = mkdtempSync(join(tmpdir(), 'certdesk-static-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'assets', 'app-1a2b.js'), script('app'));
  writeFileSync(join(root, 'assets', 'tiny-3c4d.js'), 'export const a = 1;');
  writeFileSync(join(root, 'assets', 'logo-5e6f.png'), Buffer.alloc(4096, 7));
  writeFileSync(join(root, 'index.html'), SHELL);
  precompressDirectory(root);
  app = createApp(test.deps, { staticDir: root });
});
afterAll(async () => {
  rmSync(root, { recursive: true, force: true });
  await test?.close();
});

const get = (path: string, acceptEncoding?: string) =>
  app.request(path, { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });
const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('the build', () => {
  it('writes Brotli and gzip copies that decompress to the file, only for compressible files of 1 KiB and more', () => {
    const original = readFileSync(join(root, 'assets', 'app-1a2b.js'));
    const brotli = readFileSync(join(root, 'assets', 'app-1a2b.js.br'));
    expect(brotli.length).toBeLessThan(original.length / 3);
    expect(brotliDecompressSync(brotli)).toEqual(original);
    expect(gunzipSync(readFileSync(join(root, 'assets', 'app-1a2b.js.gz')))).toEqual(original);
    expect(() => readFileSync(join(root, 'assets', 'tiny-3c4d.js.br'))).toThrow();
    expect(() => readFileSync(join(root, 'assets', 'logo-5e6f.png.br'))).toThrow();
  });
});

describe('static files', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
    ['gzip, deflate', 'gzip', gunzipSync],
  ] as const)('sends the copy the browser accepts (%s → %s), cached for a year', async (accept, encoding, decompress) => {
    const response = await get('/assets/app-1a2b.js', accept);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe(encoding);
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(decompress(await bytesOf(response))).toEqual(readFileSync(join(root, 'assets', 'app-1a2b.js')));
  });

  it('sends the file itself to a client that accepts no compression, still saying that the answer varies', async () => {
    const response = await get('/assets/app-1a2b.js');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(await bytesOf(response)).toEqual(readFileSync(join(root, 'assets', 'app-1a2b.js')));
  });

  it('sends images as they are, whatever the browser accepts', async () => {
    const response = await get('/assets/logo-5e6f.png', 'br, gzip');
    expect(response.headers.get('content-encoding')).toBeNull();
    expect((await bytesOf(response)).length).toBe(4096);
  });

  it('answers a client route with the shell, compressed and never cached', async () => {
    const response = await get('/redemption', 'br');
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(brotliDecompressSync(await bytesOf(response)).toString()).toBe(SHELL);
  });
});

describe('API answers', () => {
  it('compresses a JSON answer above 1 KiB with Brotli, or gzip when that is all the client takes', async () => {
    const plain = await get('/api/openapi.json');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const document = await plain.json();

    const brotli = await get('/api/openapi.json', 'gzip, br');
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(JSON.parse(brotliDecompressSync(await bytesOf(brotli)).toString())).toEqual(document);

    const gzip = await get('/api/openapi.json', 'gzip;q=1.0, br;q=0');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(await bytesOf(gzip)).toString())).toEqual(document);
  });

  it('sends a short answer as it is, and keeps the status and the error of a refusal', async () => {
    const health = await get('/api/health', 'br');
    expect(health.headers.get('content-encoding')).toBeNull();
    expect(health.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(await health.json()).toEqual({ data: { status: 'ok' } });

    const refused = await app.request('/api/front/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'br' },
      body: '{"email": 1}',
    });
    expect(refused.status).toBe(422);
    const body = await bytesOf(refused);
    const text = refused.headers.get('content-encoding') === 'br' ? brotliDecompressSync(body).toString() : body.toString();
    expect(JSON.parse(text).error.fields).toMatchObject({ email: expect.any(String) });
  });
});
