import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EMBED_PATH } from '@contract/widgets';
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Config } from '../config';
import type { AppEnv } from '../deps';
import { integrationOrigins } from '../modules/site';

type Policy = NonNullable<NonNullable<Parameters<typeof secureHeaders>[0]>['contentSecurityPolicy']>;

/** Our own origin only: every page starts from this. */
const OWN_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  mediaSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
} satisfies Policy;

interface InlineHashes {
  script: string;
  style: string;
}
const hashOf = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const blocks = (html: string, tag: string): string =>
  [...html.matchAll(new RegExp(`<${tag}>([^]*?)</${tag}>`, 'g'))].map((match) => hashOf(match[1]!)).join(' ');

/**
 * The built index.html paints before the app loads with an inline script and the stylesheet written inline
 * (decision 070): exactly those are allowed, by their hashes, taken from the file that is served. It is read again
 * at most once a second, so a new build in place needs no restart; no file allows nothing inline.
 */
export function inlineHashes(staticDir: string, now: () => number = Date.now): () => InlineHashes {
  const file = join(staticDir, 'index.html');
  let known: { html: string; hashes: InlineHashes } | undefined;
  let readAt = -Infinity;
  return () => {
    if (known && now() - readAt < 1000) return known.hashes;
    readAt = now();
    let html = '';
    try {
      html = readFileSync(file, 'utf8');
    } catch {
      // Not built (yet): the pages answer 503 and need nothing inline.
    }
    if (known?.html !== html) known = { html, hashes: { script: blocks(html, 'script'), style: blocks(html, 'style') } };
    return known.hashes;
  };
}

/**
 * The portal's policy: our own origin and index.html's own inline blocks, plus exactly the configured third parties
 * (decision 62). The counters are images. The chat's origin may run its script and bring its styles, fonts, images
 * and frames, and talk to its origin over HTTP and WebSocket; never 'unsafe-inline', which would open the whole portal.
 */
export const portalPolicy = (config: Config, inline?: () => InlineHashes): Policy => {
  const { pixels, chat } = integrationOrigins(config);
  const imgSrc = [...new Set([...OWN_POLICY.imgSrc, ...pixels, ...(chat ? [chat] : [])])];
  const scriptSrc = inline ? [...OWN_POLICY.scriptSrc, () => inline().script] : OWN_POLICY.scriptSrc;
  const styleSrc = inline ? [...OWN_POLICY.styleSrc, () => inline().style] : OWN_POLICY.styleSrc;
  if (!chat) return { ...OWN_POLICY, scriptSrc, styleSrc, imgSrc };
  return {
    ...OWN_POLICY,
    scriptSrc: [...scriptSrc, chat],
    styleSrc: [...styleSrc, chat],
    fontSrc: [...OWN_POLICY.fontSrc, chat],
    imgSrc,
    connectSrc: [...OWN_POLICY.connectSrc, chat, chat.replace(/^http/, 'ws')],
    frameSrc: ["'self'", chat],
  };
};

/** The embedded widget's policy: our own origin only (no counters, no chat), and any site may frame it. */
export const embedPolicy = (_config: Config): Policy => ({ ...OWN_POLICY, frameAncestors: ['*'] });

/**
 * Security headers for every answer: the embeddable path gets its own policy and no X-Frame-Options. `staticDir`:
 * the built PWA being served, whose index.html's inline blocks the pages' policy allows (API answers need not).
 */
export function securityHeaders(config: Config, staticDir?: string): MiddlewareHandler<AppEnv> {
  const common = {
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  } as const;
  const portal = secureHeaders({ ...common, contentSecurityPolicy: portalPolicy(config), xFrameOptions: 'DENY' });
  const pages = staticDir
    ? secureHeaders({ ...common, contentSecurityPolicy: portalPolicy(config, inlineHashes(staticDir)), xFrameOptions: 'DENY' })
    : portal;
  const embed = secureHeaders({ ...common, contentSecurityPolicy: embedPolicy(config), xFrameOptions: false });
  return (c, next) => {
    if (c.req.path === EMBED_PATH || c.req.path.startsWith(`${EMBED_PATH}/`)) return embed(c, next);
    return c.req.path.startsWith('/api/') ? portal(c, next) : pages(c, next);
  };
}
