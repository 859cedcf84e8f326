import * as v from 'valibot';
import { DOCUMENTS } from '../content';
import { LANGUAGES } from '../enums';
import { oneOf } from './fields';

/** The public content API (decision 60): a document by name, in a language. */
export const contentParam = v.object({ document: oneOf(DOCUMENTS) });

export const contentQuery = v.object({ language: oneOf(LANGUAGES) });

/** An image of a document: `screens/<name>.png` in the document's folder, so no other file can be named. */
export const contentImageParam = v.object({
  document: oneOf(DOCUMENTS),
  name: v.pipe(v.string('WRONG_TYPE'), v.regex(/^[a-z0-9][a-z0-9-]{0,80}\.png$/, 'WRONG_TYPE')),
});
