import type { Language } from './enums';

/**
 * Sales widgets (SPEC §2 /widgets, §3 Widget, §4; decision 58): one approved certificate of the company, offered on
 * the company's own site in a frame, at some of its denominations, in a colour and a language. Amounts are minor
 * units, as everywhere in the API.
 */

export const WIDGET_STATUSES = ['active', 'disabled'] as const;
export type WidgetStatus = (typeof WIDGET_STATUSES)[number];

/** Where the public side lives: the only path any site may frame (server/http/csp.ts). */
export const EMBED_PATH = '/embed';
/** The loader script a site includes, and the page each widget frames. */
export const embedScriptPath = `${EMBED_PATH}/widget.js`;
export const embedPagePath = (widgetId: string) => `${EMBED_PATH}/widgets/${widgetId}`;
/** The same page for a widget not yet saved, counting nothing: the form's live preview. */
export const EMBED_PREVIEW_PATH = `${EMBED_PATH}/preview`;

/** Preset accents offered by the form; any `#RRGGBB` is allowed. */
export const WIDGET_COLOURS = ['#0f766e', '#1d4ed8', '#7c3aed', '#be123c', '#c2410c', '#111827'] as const;
export const DEFAULT_WIDGET_COLOUR = WIDGET_COLOURS[0];
export const WIDGET_PAGE_SIZE = 20;

/** An approved certificate a widget may sell, with the amounts it may offer. */
export interface WidgetProduct {
  id: string;
  name: string;
  currency: string;
  /** A fixed list's amounts; for a range, a few amounts at its step from the smallest to the largest. */
  denominations: number[];
  coverThumbUrl: string | null;
}

/** A widget's own name (decision 088): optional, for the portal's lists only; visitors see the product. */
export const WIDGET_NAME_MAX = 60;

export interface WidgetView {
  id: string;
  /** As saved: '' when none was given (`widgetTitle` then names it by its product). */
  name: string;
  productId: string;
  productName: string;
  currency: string;
  denominations: number[];
  /** `#RRGGBB`. */
  colour: string;
  language: Language;
  status: WidgetStatus;
  views: number;
  clicks: number;
  createdAt: string;
  updatedAt: string;
}

export interface WidgetList {
  items: WidgetView[];
  page: number;
  pageSize: number;
  total: number;
}

/** What the portal calls a widget: its own name, else its product's. */
export const widgetTitle = (widget: Pick<WidgetView, 'name' | 'productName'>): string => widget.name || widget.productName;

/** The link a browser without scripts shows instead of the widget, in the widget's language (not the portal's). */
export const EMBED_LINK_TEXT: Record<Language, string> = {
  en: 'Buy a gift certificate',
  ru: 'Купить подарочный сертификат',
  es: 'Comprar un certificado de regalo',
  fr: 'Acheter une carte cadeau',
  kz: 'Сыйлық сертификатын сатып алу',
  by: 'Купіць падарункавы сертыфікат',
};

/**
 * The placement snippet for a site: the loader (fetched in CORS mode, which the embed path allows any site), the
 * spot, and a plain link for browsers without scripts.
 */
export function embedCode(origin: string, widgetId: string, language: Language): string {
  return [
    `<script src="${origin}${embedScriptPath}" crossorigin="anonymous" async></script>`,
    `<div data-certdesk-widget="${widgetId}">`,
    `  <noscript><a href="${origin}${embedPagePath(widgetId)}">${EMBED_LINK_TEXT[language]}</a></noscript>`,
    `</div>`,
  ].join('\n');
}
