import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUIDE_LANGUAGES, INSTRUCTION_DIR } from '../docs/guide-languages';
import { createTestApp, type TestApp } from './support/app';
import { pdfText } from './support/pdf';

/**
 * The instruction as the side menu's link downloads it (decision 63): per guide language a PDF that opens, has the
 * part of every role, shows the screenshots and is a real guide, many pages long.
 */

const squeeze = (text: string) => text.replace(/\s+/g, '');
const source = (language: string) => readFileSync(`${INSTRUCTION_DIR}/${language}.md`, 'utf8');
const partHeadings = (language: string) =>
  source(language)
    .split('\n')
    .filter((line) => line.startsWith('## '))
    .map((line) => line.slice(3));
const imageCount = (language: string) => source(language).match(/!\[[^\]]*\]\(screens\//g)?.length ?? 0;

const latin1 = (pdf: Uint8Array) => Buffer.from(pdf).toString('latin1');
const pageCount = (pdf: Uint8Array) => latin1(pdf).match(/\/Type \/Page\b/g)?.length ?? 0;
const imageObjects = (pdf: Uint8Array) => latin1(pdf).match(/\/Subtype \/Image\b/g)?.length ?? 0;

describe('the instruction PDF', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await test?.close();
  });

  it.each(GUIDE_LANGUAGES.map(({ language }) => language))(
    'in %s: opens, has every role part, embeds every screenshot, runs to many pages',
    async (language) => {
      const response = await test.app.request(`/api/front/content/instruction/pdf?language=${language}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toContain(`certdesk-instruction-${language}.pdf`);
      const pdf = new Uint8Array(await response.arrayBuffer());
      expect(latin1(pdf.subarray(0, 5))).toBe('%PDF-');

      const text = squeeze(pdfText(pdf));
      const parts = partHeadings(language);
      // Getting started, the three roles, troubleshooting.
      expect(parts.length).toBeGreaterThanOrEqual(5);
      for (const heading of parts) expect(text).toContain(squeeze(heading));
      expect(imageObjects(pdf)).toBeGreaterThanOrEqual(imageCount(language));
      expect(pageCount(pdf)).toBeGreaterThanOrEqual(15);
    },
    60_000,
  );
});
