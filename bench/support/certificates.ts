/** The set-up the redemption benches share: a server's redeemer signed in, and certificates issued to check and redeem. */

/** The partner key the benches start their server with, to issue certificates through the partner API. */
export const BENCH_PARTNER_KEY = 'bench-partner-key-0123456789abcdef';
/** One of the demo card's denominations; each redemption spends one minor unit of it. */
export const DENOMINATION = 100_000;

export interface Certificate {
  number: string;
  pin: string;
}

async function json(url: string, init: RequestInit & { token?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-api-key': BENCH_PARTNER_KEY };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const response = await fetch(url, { ...init, headers });
  const body = (await response.json()) as { data?: any; error?: unknown }; // eslint-disable-line @typescript-eslint/no-explicit-any
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(body.error)}`);
  return body.data;
}

/** Signs in the demo redeemer and issues `count` certificates of the demo card (and one more, the hot one). */
export async function issueCertificates(url: string, count: number) {
  const post = (path: string, body: unknown, token?: string) => json(url + path, { method: 'POST', body: JSON.stringify(body), token });
  const { accessToken } = await post('/api/front/auth/login', { email: 'redeemer@demo.test', password: 'Demo1234' });
  const info = await json(`${url}/api/front/user/account/get-info`, { token: accessToken });
  const supplierId = info.memberships[0].supplierId as string;
  const products = await json(`${url}/api/front/supplier/products?supplierId=${supplierId}`, { token: accessToken });
  const productId = products.items.find((product: { name: string }) => product.name === 'Demo Gifts card').id;
  const order = (orderNumber: string, quantity: number) =>
    post('/api/partner/v1/certificates', { productId, denomination: DENOMINATION, quantity, orderNumber, channel: 'bench' });

  const issued: Certificate[] = [];
  for (let batch = 0; issued.length < count; batch++) issued.push(...(await order(`BENCH-${batch}`, 1000)).certificates);
  const [hot] = (await order('BENCH-HOT', 1)).certificates as [Certificate];
  return {
    accessToken,
    supplierId,
    issued,
    hot,
    post,
    /** The body of a check or a redemption of `certificate`. */
    body: (certificate: Certificate, amount?: number) =>
      JSON.stringify({ supplierId, number: certificate.number, pin: certificate.pin, ...(amount && { amount }) }),
  };
}
