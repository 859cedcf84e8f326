import * as v from 'valibot';
import { DENOMINATIONS_MAX } from '../catalogue';
import { LANGUAGES } from '../enums';
import { WIDGET_NAME_MAX, WIDGET_PAGE_SIZE, WIDGET_STATUSES } from '../widgets';
import { optionalText } from './catalogue';
import { color, oneOf } from './fields';
import { pageNumber, supplierId } from './redemption';

/**
 * What the widget screens send (decision 58), checked alike by the form and the server. Whether the amounts are the
 * product's own is the server's check (DENOMINATION_NOT_ALLOWED), as only it knows the product.
 */

const uuidOf = (code: 'ITEM_NOT_FOUND' | 'PRODUCT_NOT_FOUND') =>
  v.pipe(
    v.string((issue) => (issue.input === undefined || issue.input === null ? 'REQUIRED' : 'WRONG_TYPE')),
    v.uuid(code),
  );

export const widgetId = uuidOf('ITEM_NOT_FOUND');
export const productId = uuidOf('PRODUCT_NOT_FOUND');

const denomination = v.pipe(
  v.number('WRONG_TYPE'),
  v.integer('AMOUNT_NOT_INTEGER'),
  v.minValue(1, 'AMOUNT_TOO_SMALL'),
  v.maxValue(2_000_000_000, 'VALUE_TOO_LARGE'),
);

/** At least one amount; each once, smallest first. */
export const denominations = v.pipe(
  v.array(denomination, 'DENOMINATION_REQUIRED'),
  v.maxLength(DENOMINATIONS_MAX, 'TOO_MANY'),
  v.transform((list) => [...new Set(list)].sort((a, b) => a - b)),
  v.minLength(1, 'DENOMINATION_REQUIRED'),
);

/** `#RRGGBB`, kept lower-case. */
export const colour = v.pipe(color, v.toLowerCase());
export const language = oneOf(LANGUAGES);

/** Optional: '' (none given) lets the portal name the widget by its product. */
export const widgetName = optionalText(WIDGET_NAME_MAX);

const settings = { name: widgetName, productId, denominations, colour, language };

export const widgetListQuery = v.object({
  supplierId,
  page: pageNumber(1, 100_000),
  pageSize: pageNumber(WIDGET_PAGE_SIZE, 100),
});
export const widgetQuery = v.object({ supplierId, widgetId });
export const widgetProductsQuery = v.object({ supplierId });
export const addWidgetBody = v.object({ supplierId, ...settings });
export const editWidgetBody = v.object({ supplierId, widgetId, ...settings });
export const widgetStatusBody = v.object({ supplierId, widgetId, status: oneOf(WIDGET_STATUSES) });

/** The preview's address: the settings as query text (`denominations=1000,5000`). */
export const previewQuery = v.object({
  productId,
  colour: v.pipe(v.string('WRONG_TYPE'), v.regex(/^[0-9a-fA-F]{6}$/, 'COLOR_INVALID'), v.toLowerCase()),
  language,
  denominations: v.pipe(
    v.string('WRONG_TYPE'),
    v.maxLength(DENOMINATIONS_MAX * 12, 'TOO_LONG'),
    v.regex(/^\d{1,10}(,\d{1,10})*$/, 'WRONG_TYPE'),
    v.transform((text) => text.split(',').map(Number)),
    denominations,
  ),
});

export type WidgetListQuery = v.InferInput<typeof widgetListQuery>;
export type AddWidgetBody = v.InferInput<typeof addWidgetBody>;
export type EditWidgetBody = v.InferInput<typeof editWidgetBody>;
export type WidgetStatusBody = v.InferInput<typeof widgetStatusBody>;
