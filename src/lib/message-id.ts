import type english from '../../locales/en.json';

/** A message id: a key of the English catalogue, which every other locale matches (tests/unit/locales.test.ts). */
export type MessageId = keyof typeof english;

declare global {
  // react-intl reads this global namespace: `formatMessage({ id })` and `<FormattedMessage id>` accept only catalogue ids.
  // eslint-disable-next-line @typescript-eslint/no-namespace -- the augmentation has to be a namespace
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
