import autocannon from 'autocannon';

export interface LoadResult {
  label: string;
  /** Answers received, of any status. */
  requests: number;
  /** Answers per second that the server served: 503 refusals do no work, so they do not count. */
  perSecond: number;
  /** Latencies of every answer, refusals included; requests that got none are not in them. */
  p50: number;
  p99: number;
  max: number;
  /** Every answer that was not 2xx, the 503s among them. */
  non2xx: number;
  /** 503s: the server refused the request before running it (overload, decision 068). */
  busy: number;
  /** No answer: socket errors and requests still unanswered after the 10 s timeout (autocannon counts those among its errors). */
  errors: number;
}

/**
 * Drives a server with a fixed number of connections for a bounded time
 * (loopback only). `next` makes each request's body and headers.
 */
export async function load(
  label: string,
  url: string,
  options: {
    connections: number;
    seconds: number;
    method?: 'GET' | 'POST';
    next?: () => { body: string; headers: Record<string, string> };
  },
): Promise<LoadResult> {
  const { next } = options;
  const result = await autocannon({
    url,
    method: options.method ?? 'POST',
    connections: options.connections,
    duration: options.seconds,
    timeout: 10,
    requests: next && [
      {
        setupRequest: (request) => {
          const { body, headers } = next();
          return { ...request, body, headers: { ...request.headers, ...headers, 'content-type': 'application/json' } };
        },
      },
    ],
  });
  const busy = result.statusCodeStats?.['503']?.count ?? 0;
  return {
    label,
    requests: result.requests.total,
    perSecond: Math.round((result.requests.total - busy) / (result.duration || options.seconds)),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    busy,
    errors: result.errors,
  };
}

export const printTable = (title: string, rows: LoadResult[]) => {
  console.log(`\n${title}`);
  console.table(
    rows.map((row) => ({
      test: row.label,
      'served/s': row.perSecond,
      'p50 ms': row.p50,
      'p99 ms': row.p99,
      'max ms': row.max,
      requests: row.requests,
      '503 busy': row.busy,
      'other non-2xx': row.non2xx - row.busy,
      'no answer': row.errors,
    })),
  );
};
