import autocannon from 'autocannon';

export interface LoadResult {
  label: string;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/**
 * Drives a server with a fixed number of connections for a bounded time
 * (loopback only). `next` makes each request's body and headers.
 */
export async function load(
  label: string,
  url: string,
  options: { connections: number; seconds: number; next: () => { body: string; headers: Record<string, string> } },
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    method: 'POST',
    connections: options.connections,
    duration: options.seconds,
    timeout: 10,
    requests: [
      {
        setupRequest: (request) => {
          const { body, headers } = options.next();
          return { ...request, body, headers: { ...request.headers, ...headers, 'content-type': 'application/json' } };
        },
      },
    ],
  });
  return {
    label,
    requests: result.requests.total,
    perSecond: Math.round(result.requests.total / (result.duration || options.seconds)),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export const printTable = (title: string, rows: LoadResult[]) => {
  console.log(`\n${title}`);
  console.table(
    rows.map((row) => ({
      test: row.label,
      'req/s': row.perSecond,
      'p50 ms': row.p50,
      'p99 ms': row.p99,
      requests: row.requests,
      'non-2xx': row.non2xx,
      errors: row.errors,
    })),
  );
};
