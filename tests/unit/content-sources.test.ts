import { existsSync, readFileSync } from 'node:fs';
import { DOCUMENTS } from '@contract/content';
import { describe, expect, it } from 'vitest';
import { documentLanguages, readDocument, REQUIRED_LANGUAGES } from '../../server/modules/content';

/** The document sources of decision 60: each in its languages, in the Markdown subset, its images present. */
describe.each(DOCUMENTS)('content/%s', (document) => {
  it('is written in every language it must be', () => {
    expect(documentLanguages(document)).toEqual(expect.arrayContaining([...REQUIRED_LANGUAGES[document]]));
  });

  it.each(documentLanguages(document))('%s parses, with a title, and its images exist as PNG files', (language) => {
    const parsed = readDocument(document, language);
    expect(parsed.title).not.toBe('');
    for (const file of parsed.images.values()) {
      expect(existsSync(file), file).toBe(true);
      expect(readFileSync(file).subarray(1, 4).toString('latin1'), file).toBe('PNG');
    }
  });
});
