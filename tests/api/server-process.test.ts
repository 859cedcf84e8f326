import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runServer } from '../support/server-process';
import { createScratchDatabase } from './support/db';

const dataDir = mkdtempSync(join(tmpdir(), 'certdesk-process-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the server process', () => {
  it('stops at start on a bad setting, naming the variable', async () => {
    const server = runServer({ PORT: 'eighty', DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/PORT must be a whole number/);
  });

  it('migrates, seeds, answers health once ready, shuts down gracefully on SIGTERM and starts again on its data', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    const scratch = adminUrl ? await createScratchDatabase(adminUrl) : undefined;
    const env = { DATA_DIR: dataDir, ...(scratch && { DATABASE_URL: scratch.url }) };
    const signIn = (url: string) =>
      fetch(`${url}/api/front/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@demo.test', password: 'Demo1234' }),
      });
    let server = runServer(env);
    try {
      const url = await server.listening();
      const health = await fetch(`${url}/api/health`);
      expect(await health.json()).toEqual({ data: { status: 'ok' } });
      expect((await signIn(url)).status).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).toMatch(/"message":"shutting down","signal":"SIGTERM"/);
      // The database was closed whole (on PGlite, by its own thread, decision 103): the next start reads it.
      server = runServer(env);
      expect((await signIn(await server.listening())).status).toBe(200);
      expect(server.output()).not.toMatch(/demo data created/);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      server.child.kill('SIGKILL');
      await scratch?.drop();
    }
  }, 120_000);
});
