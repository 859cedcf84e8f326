import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from './support/db';

/** `tsx server/main.ts` as `npm start` runs it (without the build), on its own database. */
function runServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { PATH: process.env.PATH, NODE_ENV: 'test', STATIC_DIR: './no-build-here', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const listening = async () => {
    for (let waited = 0; waited < 60_000; waited += 100) {
      const url = output.match(/"message":"listening","url":"([^"]+)"/)?.[1];
      if (url) return url;
      if (child.exitCode !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`server did not start:\n${output}`);
  };
  return { child, exited, listening, output: () => output };
}

const dataDir = mkdtempSync(join(tmpdir(), 'certdesk-process-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the server process', () => {
  it('stops at start on a bad setting, naming the variable', async () => {
    const server = runServer({ PORT: 'eighty', DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/PORT must be a whole number/);
  });

  it('migrates, seeds, answers health once ready and shuts down gracefully on SIGTERM', async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    const scratch = adminUrl ? await createScratchDatabase(adminUrl) : undefined;
    const server = runServer({ PORT: '0', DATA_DIR: dataDir, ...(scratch && { DATABASE_URL: scratch.url }) });
    try {
      const url = await server.listening();
      const health = await fetch(`${url}/api/health`);
      expect(await health.json()).toEqual({ data: { status: 'ok' } });
      const login = await fetch(`${url}/api/front/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@demo.test', password: 'Demo1234' }),
      });
      expect(login.status).toBe(200);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).toMatch(/"message":"shutting down","signal":"SIGTERM"/);
    } finally {
      server.child.kill('SIGKILL');
      await scratch?.drop();
    }
  }, 90_000);
});
