/**
 * A company's API keys (issue 32, decision 093): a key stands for the company in its own systems (a cash register,
 * an accounting system) and may do what its scopes say, in that company only.
 */

/** What a key may do: check a certificate; redeem one; read the company's redemptions and a certificate's history. */
export const API_KEY_SCOPES = ['check', 'redeem', 'readReports'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Active keys a company may hold at once: one per register or system is the expected use, and a leak is easier to find among few. */
export const API_KEYS_MAX = 20;
export const API_KEY_NAME_MAX = 60;

/**
 * Every key starts with this, so that a key pasted where it must not be (a log, a ticket, a repository) is
 * recognised as one by secret scanners and by our own log redaction.
 */
export const API_KEY_MARK = 'cdk_';
/** The part of a key shown after it was created: the mark and the first 8 characters of its secret. */
export const API_KEY_PREFIX_LENGTH = API_KEY_MARK.length + 8;

/** A key as the company's admins see it: never its secret. */
export interface ApiKeyView {
  id: string;
  name: string;
  /** `cdk_` and 8 characters: enough to tell keys apart, nothing to call with. */
  prefix: string;
  scopes: ApiKeyScope[];
  /** Who created it; null once that account is gone. */
  createdBy: { name: string; email: string } | null;
  createdAt: string;
  /** Null until its first call; then at most a minute old. */
  lastUsedAt: string | null;
}

export interface ApiKeyList {
  items: ApiKeyView[];
  /** API_KEYS_MAX: the screen says how many more may be created. */
  max: number;
}

/** The answer to a creation: the whole key, shown this once and never again (only its digest is kept). */
export interface CreatedApiKey {
  key: ApiKeyView;
  secret: string;
}
