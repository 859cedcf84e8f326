import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCALE_LANGUAGE, LOCALES, REGIONS } from '@contract/enums';
import { PRERENDERED_PAGES, prerenderedFile, prerenderMark } from '@contract/prerendered';
import { expect, test } from '@playwright/test';
import { parse, defaultTreeAdapter as tree, type DefaultTreeAdapterMap } from 'parse5';

/**
 * The build's prerendered pages (decision 099), read from the build the browser tests' server serves
 * (tests/e2e/start-server.sh): one for every region, locale and page, titled in its language, marked for the browser,
 * without the hand-drawn shell.
 */
const DIST = process.env.STATIC_DIR ?? `dist-e2e/${process.env.E2E_PORT ?? 5180}`;
const TITLE_IDS: Record<string, string> = {
  '/login': 'title.login',
  '/password-reset-email': 'title.resetEmail',
};

type Element = DefaultTreeAdapterMap['element'];
const elements = (node: DefaultTreeAdapterMap['node']): Element[] =>
  ('childNodes' in node ? node.childNodes : []).flatMap((child) => (tree.isElementNode(child) ? [child, ...elements(child)] : []));
const text = (node: DefaultTreeAdapterMap['node']): string =>
  tree.isTextNode(node) ? node.value : 'childNodes' in node ? node.childNodes.map(text).join('') : '';
const attribute = (element: Element, name: string) => element.attrs.find((attr) => attr.name === name)?.value;

test.describe('prerendered pages', () => {
  for (const region of REGIONS)
    for (const locale of LOCALES)
      test(`${region} ${locale}: every page, titled in its language`, () => {
        const messages = JSON.parse(readFileSync(`locales/${LOCALE_LANGUAGE[locale]}.json`, 'utf8')) as Record<string, string>;
        for (const path of PRERENDERED_PAGES) {
          const all = elements(parse(readFileSync(join(DIST, prerenderedFile(region, locale, path)), 'utf8')));
          const title = text(all.find((element) => element.tagName === 'title')!);
          expect(title).toBe(`${messages[TITLE_IDS[path]!]} — ${messages['app.adminName']}`);
          const root = all.find((element) => attribute(element, 'id') === 'root')!;
          expect(attribute(root, 'data-prerendered')).toBe(prerenderMark(path, region, locale));
          expect(elements(root).some((element) => element.tagName === 'form')).toBe(true);
          expect(all.some((element) => attribute(element, 'id') === 'first-paint')).toBe(false);
        }
      });
});
