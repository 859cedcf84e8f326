import type { SiteIntegrations } from '@contract/site';
import type { Config } from '../../config';

/** The configured third parties (decision 62): each variable that is set, and nothing else. */
export const siteIntegrations = (config: Config): SiteIntegrations => ({
  pixels: [
    ...(config.PIXEL_URL ? [{ url: config.PIXEL_URL, region: null }] : []),
    // SPEC §1: the second counter applies only to the Spanish site.
    ...(config.PIXEL_ES_URL ? [{ url: config.PIXEL_ES_URL, region: 'es' as const }] : []),
  ],
  chat: config.CHAT_SCRIPT_URL ? { scriptUrl: config.CHAT_SCRIPT_URL } : null,
});

/** The origins the content security policy opens for them: the counters' images, and the chat's script and traffic. */
export const integrationOrigins = (config: Config): { pixels: string[]; chat: string | null } => {
  const { pixels, chat } = siteIntegrations(config);
  return {
    pixels: [...new Set(pixels.map((pixel) => new URL(pixel.url).origin))],
    chat: chat && new URL(chat.scriptUrl).origin,
  };
};
