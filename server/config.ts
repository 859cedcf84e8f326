import { ROLES } from '@contract/enums';
import * as v from 'valibot';

const wholeNumber = (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d+$/, `must be a whole number from ${min} to ${max}`),
    v.transform(Number),
    v.minValue(min, `must be a whole number from ${min} to ${max}`),
    v.maxValue(max, `must be a whole number from ${min} to ${max}`),
  );

const int = (min: number, max: number, fallback: number) => v.optional(wholeNumber(min, max), String(fallback));

const url = <const Fallback extends string | undefined = undefined>(protocols: string[], fallback?: Fallback) =>
  v.optional(
    v.pipe(
      v.string(),
      v.url('must be a URL'),
      // valibot runs every action of a pipe, so this one must not assume the URL parsed.
      v.check((value) => URL.canParse(value) && protocols.includes(new URL(value).protocol), `must start with ${protocols.join(' or ')}//`),
    ),
    fallback as Fallback,
  );

/** A third party's address (decision 62): its origin goes into the content security policy, so its host must be a plain name or address. */
const thirdPartyUrl = v.optional(
  v.pipe(
    url(['http:', 'https:']).wrapped,
    v.check(
      (value) => URL.canParse(value) && /^(?:[a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(new URL(value).hostname),
      'must name a plain host (letters, digits, dots and dashes, or an address)',
    ),
  ),
);

const flag = (fallback: boolean) =>
  v.optional(
    v.pipe(
      v.picklist(['true', 'false', '1', '0'], 'must be true or false'),
      v.transform((value) => value === 'true' || value === '1'),
    ),
    fallback ? 'true' : 'false',
  );

/**
 * How many proxies in front of us append to X-Forwarded-For: `false` (none, the
 * default), `true` (one) or a count. The client's address is the entry the
 * outermost trusted proxy added; entries to its left are the client's own words.
 */
const proxyHops = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^(true|false|[0-9])$/, 'must be true, false or a number of proxies from 0 to 9'),
    v.transform((value) => (value === 'true' ? 1 : value === 'false' ? 0 : Number(value))),
  ),
  'false',
);

const roleList = v.optional(
  v.pipe(
    v.string(),
    v.transform((value) =>
      value
        .split(',')
        .map((role) => role.trim())
        .filter(Boolean),
    ),
    v.array(v.picklist(ROLES, `must list roles from ${ROLES.join(', ')}`)),
    v.minLength(1, 'must name at least one role'),
  ),
  'roleAdmin',
);

const envSchema = v.object({
  NODE_ENV: v.optional(v.picklist(['development', 'production', 'test'], 'must be development, production or test'), 'development'),
  PORT: int(0, 65535, 8080),
  // Loopback unless told otherwise: a default start must not serve a shared network.
  HOST: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty')), '127.0.0.1'),
  DATABASE_URL: url(['postgres:', 'postgresql:']),
  DATA_DIR: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty')), './.data'),
  SMTP_URL: url(['smtp:', 'smtps:']),
  MAIL_FROM: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty')), 'Certdesk <no-reply@certdesk.localhost>'),
  PUBLIC_URL: url(['http:', 'https:']),
  /** Each region's site where it has its own host (decision 090): mails to its people link there; unset, PUBLIC_URL. */
  PUBLIC_URL_RU: url(['http:', 'https:']),
  PUBLIC_URL_BY: url(['http:', 'https:']),
  PUBLIC_URL_KZ: url(['http:', 'https:']),
  PUBLIC_URL_ES: url(['http:', 'https:']),
  /** The marketplace's storefront: widgets and posters send buyers to its purchase page (decision 58). */
  MARKETPLACE_URL: url(['http:', 'https:'], 'https://certdesk.example/'),
  /** The analytics counters (SPEC §1), requested as images on every page view; the second only on the es site (decision 62). */
  PIXEL_URL: thirdPartyUrl,
  PIXEL_ES_URL: thirdPartyUrl,
  /** The live-chat provider's script (SPEC §1), loaded after the first paint in ru, kz and by (decision 62). */
  CHAT_SCRIPT_URL: thirdPartyUrl,
  JWT_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  PARTNER_API_KEY: v.optional(v.pipe(v.string(), v.minLength(24, 'must be at least 24 characters'))),
  DEFAULT_ROLES: roleList,
  TRUST_PROXY: proxyHops,
  SEED_DEMO: flag(true),
  BODY_LIMIT_BYTES: int(1024, 10 * 1024 * 1024, 64 * 1024),
  /** How long a request's body may take to arrive (decision 075): a 1 MB image over a phone's slowest uplink fits. */
  BODY_TIMEOUT_MS: int(100, 600_000, 60_000),
  ACCESS_TOKEN_TTL_SECONDS: int(60, 86_400, 900),
  REFRESH_TOKEN_TTL_DAYS: int(1, 365, 30),
  // A rotated refresh token presented again this soon, before its successor was used, is a lost answer, not theft (decision 48); 0 turns this off.
  REFRESH_TOKEN_GRACE_SECONDS: int(0, 300, 30),
  OUTBOX_POLL_MS: int(50, 600_000, 1000),
  IDEMPOTENCY_STALE_SECONDS: int(1, 3600, 60),
  /** Calls one company API key may make per minute (decision 093). */
  COMPANY_API_KEY_REQUESTS_PER_MINUTE: int(1, 1_000_000, 600),
  STATIC_DIR: v.optional(v.pipe(v.string(), v.nonEmpty('must not be empty')), './dist'),
  // Admission control (decision 068); each left unset follows the database (admissionDefaults).
  MAX_CONCURRENT_REQUESTS: v.optional(wholeNumber(1, 10_000)),
  MAX_QUEUED_REQUESTS: v.optional(wholeNumber(0, 100_000)),
  QUEUE_TIMEOUT_MS: v.optional(wholeNumber(1, 60_000)),
  // The widget pages' own gate (decision 075), waiting as long as the API's; each left unset follows the database.
  EMBED_MAX_CONCURRENT_REQUESTS: v.optional(wholeNumber(1, 10_000)),
  EMBED_MAX_QUEUED_REQUESTS: v.optional(wholeNumber(0, 100_000)),
  /** API processes sharing the port (decision 69); above 1 only on PostgreSQL. */
  WEB_CONCURRENCY: int(1, 64, 1),
  /** Connections each API process may hold to PostgreSQL: WEB_CONCURRENCY × this must fit its max_connections. */
  DB_POOL_SIZE: int(1, 1000, 10),
  /**
   * Webhook endpoints (decision 094) may be plain http and on loopback or private addresses: for trying the product
   * and for tests. Unset, true in development and test; never in production.
   */
  WEBHOOKS_ALLOW_LOCAL: v.optional(
    v.pipe(
      v.picklist(['true', 'false', '1', '0'], 'must be true or false'),
      v.transform((value) => value === 'true' || value === '1'),
    ),
  ),
});

/**
 * How many API requests run at once, wait, and for how long (decision 068), by database: PGlite runs one
 * statement at a time inside this process; PostgreSQL has DB_POOL_SIZE connections for it. Widget pages, public
 * and anonymous, get a fifth of that at most (decision 075): one beside the API's four on PGlite, half the pool
 * beside the API's two pools' worth.
 */
const admissionDefaults = (config: v.InferOutput<typeof envSchema>) =>
  config.DATABASE_URL
    ? {
        MAX_CONCURRENT_REQUESTS: 2 * config.DB_POOL_SIZE,
        MAX_QUEUED_REQUESTS: 256,
        QUEUE_TIMEOUT_MS: 1000,
        EMBED_MAX_CONCURRENT_REQUESTS: Math.max(1, Math.floor(config.DB_POOL_SIZE / 2)),
        EMBED_MAX_QUEUED_REQUESTS: 64,
      }
    : {
        MAX_CONCURRENT_REQUESTS: 4,
        MAX_QUEUED_REQUESTS: 64,
        QUEUE_TIMEOUT_MS: 1000,
        EMBED_MAX_CONCURRENT_REQUESTS: 1,
        EMBED_MAX_QUEUED_REQUESTS: 16,
      };

export type Config = v.InferOutput<typeof envSchema> & { PUBLIC_URL: string; WEBHOOKS_ALLOW_LOCAL: boolean } & ReturnType<
    typeof admissionDefaults
  >;

export class ConfigError extends Error {}

/** Secrets, keys and URLs (which may hold passwords) are named in an error, never printed (decision 075). */
const isSecret = (name: string) => /(SECRET|KEY|PASSWORD|TOKEN|URL)$/.test(name);

/** Reads and checks the environment; a bad value names its variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const known = Object.fromEntries(
    Object.keys(envSchema.entries)
      .filter((name) => env[name] !== undefined && env[name] !== '')
      .map((name) => [name, env[name]]),
  );
  const result = v.safeParse(envSchema, known);
  if (!result.success) {
    const lines = result.issues.map((issue) => {
      const name = issue.path?.map((item) => String(item.key)).join('.') ?? 'environment';
      const shown = isSecret(name) ? '' : ` (got "${String(issue.input)}")`;
      return `${name} ${issue.message}${shown}`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const config = result.output;
  // PGlite is a database inside one process: a second process cannot open it.
  if (config.WEB_CONCURRENCY > 1 && !config.DATABASE_URL)
    throw new ConfigError(
      `Invalid configuration:\n  WEB_CONCURRENCY above 1 needs DATABASE_URL (PostgreSQL): the embedded database serves one process (got "${config.WEB_CONCURRENCY}")`,
    );
  // A production server posts only to public https addresses: the switch is for development and tests.
  if (config.WEBHOOKS_ALLOW_LOCAL && config.NODE_ENV === 'production')
    throw new ConfigError(
      'Invalid configuration:\n  WEBHOOKS_ALLOW_LOCAL cannot be true in production: webhooks go only to public https addresses there',
    );
  // Keys left unset are absent from the parsed config, so the defaults stay.
  return {
    ...admissionDefaults(config),
    ...config,
    PUBLIC_URL: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    WEBHOOKS_ALLOW_LOCAL: config.WEBHOOKS_ALLOW_LOCAL ?? config.NODE_ENV !== 'production',
  };
}
