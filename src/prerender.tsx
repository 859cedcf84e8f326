/**
 * The build's prerender entry (decision 099), bundled for Node by scripts/prerender.ts: renders a public page with the
 * app's own router, layout and page components, in a region and a locale, to the HTML the browser then hydrates
 * (src/main.tsx). Pages render one after another: the region and the locale are the app's module-level stores.
 */
import { regionBrand } from '@contract/brand';
import type { Locale, Region } from '@contract/enums';
import { intlTag } from '@contract/locale-choice';
import { prerenderMark } from '@contract/prerendered';
import { prerender } from 'react-dom/static';
import { createIntl } from 'react-intl';
import { pageTitle } from '@/features/shell/root-sync';
import { formatTag, loadLocaleMessages, messagesStore, setLocale } from '@/lib/locale';
import { mainStore } from '@/lib/main-store';
import { AppRoot, createAppRouter } from './app/router';

export interface RenderedPage {
  /** `<html lang>`. */
  lang: string;
  /** `<html data-brand>`: the region's accent (panda.config.ts globalCss). */
  brand: string;
  title: string;
  /** `#root`'s `data-prerendered`: the mark the browser checks before it hydrates. */
  mark: string;
  /** What goes inside `#root`. */
  body: string;
}

const streamText = async (stream: ReadableStream<Uint8Array>): Promise<string> => new Response(stream).text();

export async function renderPage(path: string, region: Region, locale: Locale): Promise<RenderedPage> {
  mainStore.set({ region, isLoading: false });
  setLocale(locale);
  const router = createAppRouter(path);
  await Promise.all([loadLocaleMessages(locale), router.load()]);
  if (router.state.location.pathname !== path || router.state.matches.some((match) => match.status !== 'success'))
    throw new Error(`prerender: ${path} did not render as itself`);
  // An error would leave a part for the browser to render, and hydration would then disagree: the build fails instead.
  const failures: unknown[] = [];
  const { prelude } = await prerender(<AppRoot router={router} />, { onError: (error) => void failures.push(error) });
  if (failures.length > 0) throw new Error(`prerender: ${path} failed`, { cause: failures[0] });
  const intl = createIntl({ locale: formatTag(locale), messages: messagesStore.get()!.messages });
  const titleId = [...router.state.matches].reverse().find((match) => match.staticData?.titleId)?.staticData.titleId;
  return {
    lang: intlTag(locale),
    brand: regionBrand(region),
    title: pageTitle(intl, titleId),
    mark: prerenderMark(path, region, locale),
    body: await streamText(prelude),
  };
}
