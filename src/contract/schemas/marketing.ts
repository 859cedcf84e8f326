import * as v from 'valibot';
import { LANGUAGES } from '../enums';
import { productId } from './catalogue';
import { oneOf } from './fields';
import { supplierId } from './redemption';

/** The marketing page (issue 14): the company's approved certificates, and a poster of one in a language. */
export const posterProductsQuery = v.object({ supplierId });

export const posterQuery = v.object({ supplierId, productId, language: oneOf(LANGUAGES) });
