import { createHmac } from 'node:crypto';
import { sign, verify } from 'hono/jwt';
import { describe, expect, it } from 'vitest';
import { signJwt, verifyJwt } from '../../server/lib/jwt';

/** The server's HS256 tokens (server/lib/jwt.ts), checked against hono/jwt, which made them before (decision 072). */
const SECRET = 'the-servers-access-token-secret-0123456789';
const CLAIMS = {
  sub: '6a0c4f3e-2b1d-4c5e-9f8a-7b6c5d4e3f2a',
  sid: '1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9',
  iat: 1_700_000_000,
  exp: 1_700_000_900,
};

const parts = (token: string) => token.split('.') as [string, string, string];
const encoded = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('HS256 tokens', () => {
  it('reads its own tokens and those of another implementation, and writes tokens another implementation reads', async () => {
    expect(verifyJwt(signJwt(CLAIMS, SECRET), SECRET)).toEqual(CLAIMS);
    expect(verifyJwt(await sign(CLAIMS, SECRET, 'HS256'), SECRET)).toEqual(CLAIMS);
    expect(await verify(signJwt(CLAIMS, SECRET), SECRET, { alg: 'HS256', exp: false, iat: false, nbf: false })).toEqual(CLAIMS);
  });

  it('refuses another key, a changed payload and a changed signature', () => {
    const token = signJwt(CLAIMS, SECRET);
    const [header, , signature] = parts(token);
    expect(verifyJwt(token, `${SECRET}x`)).toBeNull();
    expect(verifyJwt(`${header}.${encoded({ ...CLAIMS, sub: CLAIMS.sid })}.${signature}`, SECRET)).toBeNull();
    expect(verifyJwt(`${token.slice(0, -2)}${token.endsWith('AA') ? 'AB' : 'AA'}`, SECRET)).toBeNull();
    expect(verifyJwt(`${token}x`, SECRET)).toBeNull();
    expect(verifyJwt(token.slice(0, -4), SECRET)).toBeNull();
  });

  it('accepts one spelling of the signature only: characters the decoder would skip are refused', () => {
    const token = signJwt(CLAIMS, SECRET);
    const [header, payload, signature] = parts(token);
    expect(verifyJwt(`${header}.${payload}.${signature.slice(0, 10)}!${signature.slice(10)}`, SECRET)).toBeNull();
    expect(verifyJwt(`${header}.${payload}.${signature}=`, SECRET)).toBeNull();
  });

  it('refuses another algorithm in the header, even signed with the same secret', async () => {
    expect(verifyJwt(await sign(CLAIMS, SECRET, 'HS512'), SECRET)).toBeNull();
    const [, payload] = parts(signJwt(CLAIMS, SECRET));
    expect(verifyJwt(`${encoded({ alg: 'none', typ: 'JWT' })}.${payload}.`, SECRET)).toBeNull();
    // A header that says HS512 over an HS256 signature of the same secret.
    const header = encoded({ alg: 'HS512', typ: 'JWT' });
    const [, , hs256] = parts(signJwt(CLAIMS, SECRET));
    expect(verifyJwt(`${header}.${payload}.${hs256}`, SECRET)).toBeNull();
  });

  it('refuses what is not a compact token, and correctly signed parts that are not JSON objects', () => {
    for (const token of ['', 'a', 'a.b', 'a.b.c', 'a.b.c.d', '...']) expect(verifyJwt(token, SECRET)).toBeNull();
    const signed = (header: string, payload: string) =>
      `${header}.${payload}.${createHmac('sha256', SECRET).update(`${header}.${payload}`).digest('base64url')}`;
    const header = encoded({ alg: 'HS256', typ: 'JWT' });
    expect(verifyJwt(signed(header, encoded(CLAIMS)), SECRET)).toEqual(CLAIMS);
    expect(verifyJwt(signed(header, Buffer.from('not json').toString('base64url')), SECRET)).toBeNull();
    expect(verifyJwt(signed(header, encoded([CLAIMS])), SECRET)).toBeNull();
    expect(verifyJwt(signed(header, encoded(null)), SECRET)).toBeNull();
    expect(verifyJwt(signed(Buffer.from('{').toString('base64url'), encoded(CLAIMS)), SECRET)).toBeNull();
  });
});
