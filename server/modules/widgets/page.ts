import type { Language } from '@contract/enums';
import { formatMoney } from '@contract/money';
import { EMBED_PATH } from '@contract/widgets';
import { WIDGET_TEXTS } from './texts';

/*
 * The framed page, rendered on the server: plain HTML, one shared style sheet and one tiny theme sheet per colour, so
 * it runs under the strict policy (style-src 'self', no inline style) and shows without scripts; the one script only
 * reports the page's height to the loader. Every visitor sees exactly this, the form's preview included.
 */

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

export const themeSheetPath = (colour: string) => `${EMBED_PATH}/theme/${colour.replace('#', '').toLowerCase()}.css`;

const document = (language: Language, title: string, colour: string | null, body: string) => {
  const texts = WIDGET_TEXTS[language];
  const theme = colour ? `<link rel="stylesheet" href="${themeSheetPath(colour)}">` : '';
  return `<!doctype html>
<html lang="${texts.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${EMBED_PATH}/widget.css">${theme}
<script src="${EMBED_PATH}/frame.js" defer></script>
</head>
<body>
${body}
</body>
</html>
`;
};

export interface WidgetPage {
  language: Language;
  colour: string;
  productName: string;
  currency: string;
  coverUrl: string | null;
  denominations: number[];
  /** Where a buy button leads; null renders inert buttons (the preview). */
  buyHref: ((denomination: number) => string) | null;
}

export function renderWidget(page: WidgetPage): string {
  const texts = WIDGET_TEXTS[page.language];
  const cover = page.coverUrl ? `<img class="cover" src="${escapeHtml(page.coverUrl)}" alt="" width="340" height="155">` : '';
  const buttons = page.denominations
    .map((denomination) => {
      const amount = escapeHtml(formatMoney(denomination, page.currency, texts.locale, 'price'));
      const inner = `<span class="amount">${amount}</span><span class="cta">${escapeHtml(texts.buy)}</span>`;
      // A new tab: the buyer keeps the supplier's page, and the marketplace's checkout is never framed.
      return page.buyHref
        ? `<li><a class="buy" href="${escapeHtml(page.buyHref(denomination))}" target="_blank" rel="noopener nofollow" data-denomination="${denomination}">${inner}</a></li>`
        : `<li><span class="buy" aria-disabled="true" data-denomination="${denomination}">${inner}</span></li>`;
    })
    .join('\n');
  return document(
    page.language,
    page.productName,
    page.colour,
    // Named by its product: a page that frames the widget has a main landmark of its own (axe: landmark-unique).
    `<main class="widget" aria-label="${escapeHtml(page.productName)}">
${cover}
<p class="kicker">${escapeHtml(texts.giftCertificate)}</p>
<h1 class="name">${escapeHtml(page.productName)}</h1>
<h2 class="choose">${escapeHtml(texts.chooseAmount)}</h2>
<ul class="amounts">
${buttons}
</ul>
</main>`,
  );
}

/** The same neutral page for a disabled, unknown or off-sale widget: nothing about the product. */
export function renderUnavailable(language: Language): string {
  const texts = WIDGET_TEXTS[language];
  return document(
    language,
    texts.unavailableTitle,
    null,
    `<main class="widget unavailable" aria-label="${escapeHtml(texts.unavailableTitle)}" data-unavailable>
<h1 class="name">${escapeHtml(texts.unavailableTitle)}</h1>
<p>${escapeHtml(texts.unavailableText)}</p>
</main>`,
  );
}
