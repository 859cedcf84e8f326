import type { ApiKeyScope } from '@contract/api-keys';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Logger } from './lib/log';

/** What every module is built with; tests swap the clock and the config. */
export interface Deps {
  db: Db;
  config: Config;
  log: Logger;
  now: () => Date;
  keys: Keys;
}

export interface Keys {
  /** Signs access tokens (HS256). */
  jwt: string;
  /** Keys the hashes of e-mailed codes. */
  codes: string;
  /** Keys the hashes of certificate PINs. */
  pins: string;
  /** Encrypts what must be shown again later (the first answer of an issuing order, PINs included). */
  seal: string;
  /** Keys the hashes of widget viewers' addresses: a view is counted once per viewer and window, no address is kept. */
  viewers: string;
  /** The marketplace's key for the issuing API (X-Api-Key). */
  partnerApiKey: string;
}

export interface AuthContext {
  userId: string;
  sessionId: string;
}

/**
 * Hono's environment for every route. Who is signed in is not part of it: a route reads `c.var.auth` only after
 * `requireAuth` (or on a `signedInRoutes` router), whose type adds it (decision 084).
 */
export interface AppEnv {
  Variables: {
    clientIp: string;
  };
}

/** What `requireAuth` adds: the signed-in person, on a live login. */
export interface SignedInEnv {
  Variables: { auth: AuthContext };
}

/** What `requireToken` adds: a verified token's claims, whose login the route confirms itself. */
export interface TokenEnv {
  Variables: { claims: AuthContext };
}

/** A company's API key as its middleware confirmed it on this call (decision 093): live, not revoked. */
export interface CompanyKey {
  id: string;
  supplierId: string;
  scopes: ApiKeyScope[];
}

/** What `requireCompanyKey` adds: the key, and through it the only company the call may reach (decision 093). */
export interface CompanyKeyEnv {
  Variables: { companyKey: CompanyKey };
}
