import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import { hostOf, isLocalAddress, refusalOfUrl } from './address';

export interface SendResult {
  /** The receiver's status; null when none came. */
  status: number | null;
  durationMs: number;
  /** Why there is no status, or the start of a refusal's body (a 4xx/5xx usually says why). */
  error: string | null;
}

/** What of a reply is kept to show in the delivery log: enough to read an error message, never a whole page. */
const EXCERPT_BYTES = 500;

const LOCAL_ADDRESS = 'address not allowed: it resolves to a local or private network';

/**
 * The name resolved as usual, refused when any of its addresses is local: the check is made on the addresses the
 * connection then uses, so a name that resolves to a public address when saved and to 127.0.0.1 when sent
 * (DNS rebinding) is refused too.
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) =>
  dnsLookup(hostname, options, (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => {
    if (error) return callback(error, address as string, family);
    const addresses = Array.isArray(address) ? address.map((entry) => entry.address) : [address];
    if (addresses.some(isLocalAddress)) return callback(new Error(LOCAL_ADDRESS), address as string, family);
    callback(null, address as string, family);
  });

const reasonOf = (error: unknown): string => {
  const { code, message } = error as NodeJS.ErrnoException;
  if (message === LOCAL_ADDRESS || message === 'timeout') return message;
  return (code ? `${code}: ${message}` : String(message)).slice(0, 300);
};

/**
 * POSTs one delivery: no redirect is followed (a 3xx is a failure, as Standard Webhooks says), the whole exchange
 * must end within `timeoutMs`, and outside development only public addresses are reached — the literal host and
 * every address its name resolves to.
 */
export function postJson(
  target: string,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; allowLocal: boolean },
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const refusal = refusalOfUrl(target, options.allowLocal);
  const url = new URL(target);
  if (refusal || (!options.allowLocal && isIP(hostOf(url)) && isLocalAddress(hostOf(url))))
    return Promise.resolve({ status: null, durationMs: 0, error: refusal === 'WEBHOOK_URL_NOT_HTTPS' ? 'https required' : LOCAL_ADDRESS });
  return new Promise((resolve) => {
    let settled = false;
    const settle = (result: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve({ ...result, durationMs: elapsed() });
    };
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'Certdesk-Webhooks/1' },
        agent: false,
        ...(!options.allowLocal && { lookup: publicOnlyLookup }),
      },
      (response: IncomingMessage) => {
        const status = response.statusCode ?? null;
        const ok = status !== null && status >= 200 && status < 300;
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < EXCERPT_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        const done = () => {
          const excerpt = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8').trim();
          settle({ status, error: ok || !excerpt ? null : excerpt });
        };
        response.on('end', done);
        response.on('error', done);
      },
    );
    const deadline = setTimeout(() => {
      settle({ status: null, error: 'timeout' });
      request.destroy();
    }, options.timeoutMs);
    request.on('error', (error) => settle({ status: null, error: reasonOf(error) }));
    request.end(body);
  });
}
