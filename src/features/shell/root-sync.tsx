import { regionDefaultColor } from '@contract/brand';
import { useMatches } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { applyAccent } from '@/lib/color';
import type { MessageId } from '@/lib/message-id';
import { createStore } from '@/lib/store';
import { useStore } from '@/lib/use-store';
import { useShell } from './use-shell';

/** SPEC §2: the title is the product admin name plus the route title, in the current locale. */
export function TitleSync() {
  const intl = useIntl();
  const matches = useMatches();
  const override = useStore(titleOverride);
  const titleId = override ?? [...matches].reverse().find((match) => match.staticData?.titleId)?.staticData.titleId;
  useEffect(() => {
    document.title = pageTitle(intl, titleId);
  }, [intl, titleId]);
  return null;
}

/** The page's title, e.g. "Sign in — Certdesk admin"; the prerendered pages carry it too (decision 099). */
export const pageTitle = (intl: IntlShape, titleId: MessageId | undefined): string => {
  const product = intl.formatMessage({ id: 'app.adminName' });
  return titleId ? `${intl.formatMessage({ id: titleId })} — ${product}` : product;
};

/** A screen that no route describes (the catch-all 404) names its title here while it is shown. */
const titleOverride = createStore<MessageId | null>(null);

export function useScreenTitle(titleId: MessageId): void {
  useEffect(() => {
    titleOverride.set(titleId);
    return () => titleOverride.set(null);
  }, [titleId]);
}

/** The accent colour: the user's choice, else the region's default (SPEC §3). */
export function ThemeSync() {
  const { user, region } = useShell();
  const color = user.settings?.color ?? regionDefaultColor(region);
  useEffect(() => applyAccent(color), [color]);
  return null;
}
