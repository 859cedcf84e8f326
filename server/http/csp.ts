import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { EMBED_PATH } from '../../src/contract/widgets';
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

/**
 * The portal's policy: our own origin, plus exactly the configured third parties (decision 62). The counters
 * are images. The chat's origin may run its script and bring its styles, fonts, images and frames, and talk
 * to its origin over HTTP and WebSocket; never 'unsafe-inline', which would open the whole portal.
 */
export const portalPolicy = (config: Config): Policy => {
  const { pixels, chat } = integrationOrigins(config);
  const imgSrc = [...new Set([...OWN_POLICY.imgSrc, ...pixels, ...(chat ? [chat] : [])])];
  if (!chat) return { ...OWN_POLICY, imgSrc };
  return {
    ...OWN_POLICY,
    scriptSrc: [...OWN_POLICY.scriptSrc, chat],
    styleSrc: [...OWN_POLICY.styleSrc, chat],
    fontSrc: [...OWN_POLICY.fontSrc, chat],
    imgSrc,
    connectSrc: [...OWN_POLICY.connectSrc, chat, chat.replace(/^http/, 'ws')],
    frameSrc: ["'self'", chat],
  };
};

/** The embedded widget's policy: our own origin only (no counters, no chat), and any site may frame it. */
export const embedPolicy = (_config: Config): Policy => ({ ...OWN_POLICY, frameAncestors: ['*'] });

/** Security headers for every answer: the embeddable path gets its own policy and no X-Frame-Options. */
export function securityHeaders(config: Config): MiddlewareHandler<AppEnv> {
  const common = {
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  } as const;
  const portal = secureHeaders({ ...common, contentSecurityPolicy: portalPolicy(config), xFrameOptions: 'DENY' });
  const embed = secureHeaders({ ...common, contentSecurityPolicy: embedPolicy(config), xFrameOptions: false });
  return (c, next) => (c.req.path === EMBED_PATH || c.req.path.startsWith(`${EMBED_PATH}/`) ? embed(c, next) : portal(c, next));
}
