import type { SupplierListItem } from '@contract/schemas/supplier';
import { refusalLocation, REMEMBER_SECONDS, safeRedirect, sessionCookies, signInLanding } from '@contract/sign-in';
import { describe, expect, it } from 'vitest';
import { isExpired, isNearExpiry, NEAR_EXPIRY_WINDOW_MS, REFRESH_CHECK_INTERVAL_MS, secondsLeft } from '@/lib/expiry';
import { failureMessage, HttpError } from '@/lib/http';
import { effectiveRoles, flattenSuppliers, pickSupplier } from '@/lib/suppliers';

describe('token expiry arithmetic (SPEC §4, §9)', () => {
  const now = 1_700_000_000_000;
  it('uses the constants of the specification', () => {
    expect(REFRESH_CHECK_INTERVAL_MS).toBe(60_000);
    expect(NEAR_EXPIRY_WINDOW_MS).toBe(120_000);
  });
  it('is expired at or past the expiry time', () => {
    expect(isExpired(now, now)).toBe(true);
    expect(isExpired(now - 1, now)).toBe(true);
    expect(isExpired(now + 1, now)).toBe(false);
  });
  it('is near expiry within 120 000 ms, expired tokens included', () => {
    expect(isNearExpiry(now + 120_000, now)).toBe(true);
    expect(isNearExpiry(now + 120_001, now)).toBe(false);
    expect(isNearExpiry(now + 60_000, now)).toBe(true);
    expect(isNearExpiry(now - 5, now)).toBe(true);
    expect(isNearExpiry(now + 10_000, now, 5_000)).toBe(false);
  });
  it('counts down whole seconds, never below zero', () => {
    expect(secondsLeft(now + 59_001, now)).toBe(60);
    expect(secondsLeft(now + 1_000, now)).toBe(1);
    expect(secondsLeft(now - 1_000, now)).toBe(0);
  });
});

describe('failure messages (SPEC §8)', () => {
  it.each([400, 401, 403, 404, 408, 500, 501, 502, 503, 504, 505])('status %i is shown by its code', (status) => {
    expect(failureMessage(new HttpError('http', status, null))).toEqual({ id: `http.${status}` });
  });
  it('a generic server error is "Server Error"; others name their status', () => {
    expect(failureMessage(new HttpError('http', 500, 'SERVER_ERROR'))).toEqual({ id: 'http.500' });
    expect(failureMessage(new HttpError('http', 418, null))).toEqual({ id: 'http.other', values: { status: 418 } });
  });
  it('a server code wins over the status', () => {
    expect(failureMessage(new HttpError('http', 401, 'INVALID_CREDENTIALS'))).toEqual({ id: 'error.INVALID_CREDENTIALS' });
  });
  it('network, timeout and abort are the client errors', () => {
    expect(failureMessage(new HttpError('network', 0, null))).toEqual({ id: 'http.network' });
    expect(failureMessage(new HttpError('timeout', 0, null))).toEqual({ id: 'http.timeout' });
    expect(failureMessage(new HttpError('aborted', 0, null))).toEqual({ id: 'http.aborted' });
    expect(failureMessage(new Error('boom'))).toEqual({ id: 'http.network' });
  });
});

describe('guard helpers', () => {
  it('follows only same-site redirects', () => {
    expect(safeRedirect('/account/info?tab=1')).toBe('/account/info?tab=1');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect(undefined)).toBe('/');
    // As a browser reads a Location: tabs and line breaks dropped, a backslash a slash.
    expect(safeRedirect('/\t/evil.example')).toBe('/');
    expect(safeRedirect('/\n/evil.example')).toBe('/');
    expect(safeRedirect('/%2F/evil.example')).toBe('/%2F/evil.example');
  });
});

describe('sign-in rules both sides apply (decision 100)', () => {
  it('lands on the deep link, else staff in the admin area, else /', () => {
    expect(signInLanding('/certificates?page=2', false)).toBe('/certificates?page=2');
    expect(signInLanding('/certificates', true)).toBe('/certificates');
    expect(signInLanding(undefined, true)).toBe('/admin');
    expect(signInLanding(undefined, false)).toBe('/');
    expect(signInLanding('//evil.example', false)).toBe('/');
  });

  it('writes the pair as session cookies, or for 30 days with "remember me"', () => {
    const pair = { accessToken: 'a.b.c', refreshToken: 'r=t', accessTokenExpiresAt: 1_700_000_000_000 };
    expect(sessionCookies(pair, false, false)).toEqual([
      'accessToken=a.b.c; Path=/; SameSite=Strict',
      'refreshToken=r%3Dt; Path=/; SameSite=Strict',
      'accessTokenExpiresAt=1700000000000; Path=/; SameSite=Strict',
      'rememberSession=; Path=/; SameSite=Strict; Max-Age=0',
    ]);
    const remembered = sessionCookies(pair, true, true);
    for (const cookie of remembered) expect(cookie).toMatch(new RegExp(`; Max-Age=${REMEMBER_SECONDS}; Secure$`));
    expect(remembered[3]).toMatch(/^rememberSession=1;/);
  });

  it('carries a refusal to the sign-in page, never a password', () => {
    expect(refusalLocation({ error: 'INVALID_CREDENTIALS', email: 'a b@c', redirect: '/x?y=1' })).toBe(
      '/login?redirect=%2Fx%3Fy%3D1&error=INVALID_CREDENTIALS&email=a+b%40c',
    );
    expect(refusalLocation({ error: 'RATE_LIMITED' })).toBe('/login?error=RATE_LIMITED');
  });
});

const item = (supplierId: string, roles: SupplierListItem['roles'], children: SupplierListItem[] = []): SupplierListItem => ({
  supplierId,
  supplierName: `Company ${supplierId}`,
  name: supplierId,
  status: 'active',
  roles,
  childrenSupplierList: { children },
});

describe('supplier selection (SPEC §4)', () => {
  const list = [item('a', ['roleAdmin'], [item('a1', ['roleRedeemer'])]), item('b', ['roleAccountant'])];
  it('lists branches after their parent', () => {
    expect(flattenSuppliers(list).map(({ item: it, depth }) => `${it.supplierId}:${depth}`)).toEqual(['a:0', 'a1:1', 'b:0']);
  });
  it('keeps the stored supplier when found, else takes the first', () => {
    expect(pickSupplier(list, 'a1')).toBe('a1');
    expect(pickSupplier(list, 'gone')).toBe('a');
    expect(pickSupplier(list, null)).toBe('a');
    expect(pickSupplier([], 'a')).toBeNull();
  });
  it('uses the roles of the selected company', () => {
    expect(effectiveRoles(['roleAdmin'], item('x', ['roleRedeemer']))).toEqual(['roleRedeemer']);
    expect(effectiveRoles(['roleAdmin'], item('x', []))).toEqual(['roleAdmin']);
    expect(effectiveRoles(null, null)).toEqual([]);
  });
});
