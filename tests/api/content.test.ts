import { DOCUMENTS, type ContentBlock, type ContentPage, type TextRun } from '@contract/content';
import { LANGUAGES } from '@contract/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentLanguages } from '../../server/modules/content';
import { createTestApp, type TestApp } from './support/app';
import { expectError } from './support/auth';
import { pdfText } from './support/pdf';

const CONTENT = '/api/front/content';

/** Text as the PDF reader gives it back and the page shows it: lines may break anywhere, so white space is left out. */
const squeeze = (text: string) => text.replace(/\s+/g, '');
/** The PDF's text without the page numbers, which are drawn last and so land inside a paragraph that runs on. */
const bodyText = (pdf: Uint8Array) => pdfText(pdf).replace(/^\d+ \/ \d+$/gm, '');
const runsText = (runs: TextRun[]) => runs.map((run) => run.text).join('');

/** Every piece of text a block shows on the page. */
const blockTexts = (block: ContentBlock): string[] => {
  if (block.type === 'heading') return [block.text];
  if (block.type === 'paragraph') return [runsText(block.runs)];
  if (block.type === 'list') return block.items.map(runsText);
  return [block.caption];
};

const pageCount = (pdf: Uint8Array) =>
  Buffer.from(pdf)
    .toString('latin1')
    .match(/\/Type \/Page\b/g)?.length ?? 0;

/** The long documents; the contacts fit on a page. */
const MIN_CHARACTERS: Record<(typeof DOCUMENTS)[number], number> = {
  offer: 5_000,
  'privacy-policy': 3_500,
  contacts: 400,
  instruction: 3_000,
};

describe('documents (decision 60)', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test?.close();
  });

  const readPdf = async (path: string) => {
    const response = await test.app.request(path);
    expect(response.status).toBe(200);
    return { response, pdf: new Uint8Array(await response.arrayBuffer()) };
  };

  for (const document of DOCUMENTS) {
    describe(document, () => {
      it.each(documentLanguages(document))('in %s: the page and the PDF say the same, with no sign-in', async (language) => {
        const answer = await test.call('GET', `${CONTENT}/${document}?language=${language}`);
        expect(answer.status, answer.text).toBe(200);
        const page = answer.body.data as ContentPage;
        expect(page.language).toBe(language);
        expect(page.languages).toEqual(documentLanguages(document));
        expect(page.title.length).toBeGreaterThan(3);
        expect(page.blocks.length).toBeGreaterThan(2);

        const { response, pdf } = await readPdf(`${CONTENT}/${document}/pdf?language=${language}`);
        expect(response.headers.get('content-type')).toBe('application/pdf');
        expect(response.headers.get('content-disposition')).toBe(`attachment; filename="certdesk-${document}-${language}.pdf"`);
        expect(Buffer.from(pdf.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
        const text = squeeze(bodyText(pdf));
        expect(text.length).toBeGreaterThan(MIN_CHARACTERS[document]);
        for (const expected of [page.title, ...page.blocks.flatMap(blockTexts)].map(squeeze)) expect(text).toContain(expected);
        // Numbered pages: "n / count" on each.
        const pages = pageCount(pdf);
        expect(pdfText(pdf).match(new RegExp(`^\\d+ / ${pages}$`, 'gm'))).toHaveLength(pages);
      });
    });
  }

  it('draws each image of a document into its PDF and serves it for the page', async () => {
    for (const document of DOCUMENTS) {
      for (const language of documentLanguages(document)) {
        const page = (await test.call('GET', `${CONTENT}/${document}?language=${language}`)).body.data as ContentPage;
        const images = page.blocks.filter((block) => block.type === 'image');
        if (!images.length) continue;
        const { pdf } = await readPdf(`${CONTENT}/${document}/pdf?language=${language}`);
        expect(
          Buffer.from(pdf)
            .toString('latin1')
            .match(/\/Subtype \/Image/g)?.length ?? 0,
        ).toBeGreaterThanOrEqual(new Set(images.map((image) => image.src)).size);
        const image = await test.app.request(images[0]!.src);
        expect(image.status).toBe(200);
        expect(image.headers.get('content-type')).toBe('image/png');
      }
    }
  });

  it('serves a language a document lacks in English, else Russian, and says so', async () => {
    for (const document of DOCUMENTS) {
      const written = documentLanguages(document);
      expect(written).toContain('ru');
      for (const language of LANGUAGES.filter((candidate) => !written.includes(candidate))) {
        const page = await test.call('GET', `${CONTENT}/${document}?language=${language}`);
        const fallback = written.includes('en') ? 'en' : 'ru';
        expect(page.body.data.language).toBe(fallback);
        const { response } = await readPdf(`${CONTENT}/${document}/pdf?language=${language}`);
        expect(response.headers.get('content-disposition')).toContain(`certdesk-${document}-${fallback}.pdf`);
      }
    }
  });

  it('answers an unknown document, language or image in the error shape', async () => {
    expectError(await test.call('GET', `${CONTENT}/terms?language=ru`), 404, 'NOT_FOUND');
    expectError(await test.call('GET', `${CONTENT}/terms/pdf?language=ru`), 404, 'NOT_FOUND');
    expectError(await test.call('GET', `${CONTENT}/offer?language=de`), 422, 'VALIDATION_ERROR', { language: 'UNKNOWN_VALUE' });
    expectError(await test.call('GET', `${CONTENT}/offer/pdf`), 422, 'VALIDATION_ERROR', { language: 'REQUIRED' });
    expectError(await test.call('GET', `${CONTENT}/instruction/screens/none.png`), 404, 'NOT_FOUND');
    expectError(await test.call('GET', `${CONTENT}/instruction/screens/..%2F..%2Fpackage.json`), 404, 'NOT_FOUND');
    expectError(await test.call('GET', `${CONTENT}/offer/screens/ru.md`), 404, 'NOT_FOUND');
  });
});
