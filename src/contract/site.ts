import type { Region } from './enums';

/**
 * The third parties a deployment configures (decision 62), as `GET /api/front/site` answers them: one build
 * serves any configuration, so the PWA learns them at run time. Nothing configured: no pixels, no chat.
 */
export interface SiteIntegrations {
  /** Analytics counters requested as images on every page view; `region`: only on that region's site. */
  pixels: { url: string; region: Region | null }[];
  chat: { scriptUrl: string } | null;
}

/** SPEC §1: the live chat is loaded for ru, kz and by, never for es. */
export const CHAT_REGIONS: readonly Region[] = ['ru', 'kz', 'by'];
