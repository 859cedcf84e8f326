import * as v from 'valibot';
import { LANGUAGES } from '../enums';
import { productId } from './catalogue';
import { oneOf } from './fields';
import { supplierId } from './redemption';

/** The marketing page (issue 14): the company's approved certificates, and a poster of one in a language. */
export const posterProductsQuery = v.object({ supplierId });

/** The amount the poster's QR code opens the purchase page at (minor units); the certificate's smallest without it. */
const posterDenomination = v.optional(
  v.pipe(v.string('WRONG_TYPE'), v.regex(/^\d{1,10}$/, 'WRONG_TYPE'), v.transform(Number), v.minValue(1, 'AMOUNT_TOO_SMALL')),
);

export const posterQuery = v.object({ supplierId, productId, language: oneOf(LANGUAGES), denomination: posterDenomination });
