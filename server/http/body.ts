import type { ErrorCode } from '@contract/errors';
import type { MiddlewareHandler } from 'hono';
import { AppError } from '../lib/errors';

export interface BodyRules {
  /** The largest body the route takes, in bytes. */
  limit: number;
  /** The code of a body over the limit. */
  tooLarge: ErrorCode;
  /** How long the whole body may take to arrive, from the moment its headers have. */
  timeoutMs: number;
  /**
   * The body is text (JSON): decoded here once for `c.req.json()`, which Hono would otherwise decode through a Web
   * Response built around the bytes, and their stream (decision 102).
   */
  text?: boolean;
}

const utf8 = new TextDecoder();

/** A chunked body, read only as far as the limit: undefined once it runs past it. */
async function readAtMost(body: ReadableStream<Uint8Array>, limit: number): Promise<ArrayBuffer | undefined> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    size += chunk.value.byteLength;
    // Not cancelled: on Node that would close the socket before the answer is sent. The answer closes it instead.
    if (size > limit) return undefined;
    chunks.push(chunk.value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes.buffer;
}

/**
 * Reads a request's body before the request asks for a place in the admission gate (decisions 068 and 075): a client
 * that sends slowly holds a socket, never one of the gate's few places, and one whose body has not arrived within
 * the deadline is cut off with 408 REQUEST_TIMEOUT. A declared length over the limit is refused before anything is
 * read, a chunked body as soon as it runs past it. Handlers read the body from Hono's cache (`c.req.json()`,
 * `c.req.arrayBuffer()`). With a declared length the bytes come straight from Node's request (@hono/node-server's
 * lightweight request builds no Web Request for them).
 */
export const readBody =
  ({ limit, tooLarge, timeoutMs, text = false }: BodyRules): MiddlewareHandler =>
  async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new AppError('REQUEST_TIMEOUT')), timeoutMs);
      });
      const declared = c.req.header('content-length');
      const read = async (): Promise<ArrayBuffer> => {
        if (declared !== undefined && Number(declared) > limit) throw new AppError(tooLarge);
        let bytes: ArrayBuffer | undefined;
        try {
          // With a declared length Node's parser delivers exactly that many bytes, read on its fast path (the size is
          // checked below for requests made in-process, whose length nobody checked). Without one, it comes in chunks.
          bytes =
            declared !== undefined
              ? await c.req.arrayBuffer()
              : c.req.raw.body
                ? await readAtMost(c.req.raw.body, limit)
                : new ArrayBuffer(0);
        } catch {
          // The only failure here is a client that went away halfway.
          throw new AppError('BAD_REQUEST');
        }
        if (!bytes || bytes.byteLength > limit) throw new AppError(tooLarge);
        return bytes;
      };
      try {
        const bytes = await Promise.race([read(), deadline]);
        // Hono keeps the promise of each body it read (its type names the value).
        const cache = c.req.bodyCache as { arrayBuffer?: Promise<ArrayBuffer>; text?: Promise<string> };
        cache.arrayBuffer = Promise.resolve(bytes);
        // The same decoding as a Web body's text(): replacement characters for bad UTF-8, a leading BOM dropped.
        if (text) cache.text = Promise.resolve(utf8.decode(bytes));
      } catch (error) {
        // Answered before the body was all read: Node would otherwise go on reading it to reuse the connection.
        c.header('Connection', 'close');
        throw error;
      } finally {
        clearTimeout(timer);
      }
    }
    await next();
  };
