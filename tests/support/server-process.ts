import { spawn } from 'node:child_process';

export interface ServerProcess {
  child: ReturnType<typeof spawn>;
  exited: Promise<number | null>;
  /** Resolves with the server's URL once it logs that it listens. */
  listening(timeoutMs?: number): Promise<string>;
  output(): string;
}

/**
 * `server/main.ts` in its own process, as `npm start` runs it (without the build unless STATIC_DIR says so).
 * SERVER_NODE_ARGS adds Node's own flags, to profile the server under a bench:
 * `SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=prof" npm run bench:redemption` (decision 071).
 */
export function runServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, [...(process.env.SERVER_NODE_ARGS?.split(' ') ?? []), '--import', 'tsx', 'server/main.ts'], {
    env: { PATH: process.env.PATH, NODE_ENV: 'test', STATIC_DIR: './no-build-here', PORT: '0', ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => output,
    async listening(timeoutMs = 60_000) {
      for (let waited = 0; waited < timeoutMs; waited += 100) {
        const url = output.match(/"message":"listening","url":"([^"]+)"/)?.[1];
        if (url) return url;
        if (child.exitCode !== null) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`server did not start:\n${output}`);
    },
  };
}
