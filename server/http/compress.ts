import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

/** JSON answers shorter than this go as they are: a compressed copy would save less than its own framing costs. */
const MIN_BYTES = 1024;
/** Fast settings: an answer is compressed on every request, unlike the build's files. */
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 5;

/** The encodings the request accepts (q > 0), from `br, gzip;q=0.8` and the like. */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of header?.split(',') ?? []) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    if (name && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  return accepted;
}

/**
 * Compresses the API's JSON answers above 1 KiB with Brotli or gzip when the client accepts either (decision 067).
 * Streams (report files) and answers already encoded pass through.
 */
export const compressJson: MiddlewareHandler = async (c, next) => {
  await next();
  const res = c.res;
  if (!res.headers.get('content-type')?.startsWith('application/json') || res.headers.has('content-encoding')) return;
  res.headers.append('Vary', 'Accept-Encoding');
  const accepted = acceptedEncodings(c.req.header('accept-encoding'));
  const encoding = accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
  if (!encoding || !res.body) return;
  const body = Buffer.from(await res.arrayBuffer());
  const headers = new Headers(res.headers);
  let sent = body;
  if (body.length >= MIN_BYTES) {
    sent =
      encoding === 'br'
        ? brotliCompressSync(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          })
        : gzipSync(body, { level: GZIP_LEVEL });
    headers.set('Content-Encoding', encoding);
    headers.delete('Content-Length');
  }
  // Cleared first: Hono would copy the old answer's headers (its length among them) onto the new one.
  c.res = undefined;
  c.res = new Response(sent, { status: res.status, headers });
};
