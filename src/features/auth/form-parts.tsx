import type { ErrorCode } from '@contract/errors';
import { css, cx } from '@styled/css';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { HttpError } from '@/lib/http';
import type { MessageId } from '@/lib/message-id';
import { pageTitle, stack } from '@/ui/layout';

/** A form post refused before the app ran (decisions 100, 105), as its page's address carries it back. */
export interface FormRefusal {
  error?: string;
  email?: string;
}

/** The refusal as the form shows it: as the page's own call would have failed with the code (the code decides the text). */
export const refusalError = ({ error }: FormRefusal) => (error ? new HttpError('http', 500, error as ErrorCode) : undefined);

/** A link on its own line in the auth pages: a touch-sized target (44 px high) on phones too. */
export const touchLink = css({ display: 'inline-flex', alignItems: 'center', alignSelf: 'flex-start', minHeight: 'touch' });
// The links standing in the form (not those inside a sentence of a label) are touch-sized.
const form = css({
  gap: '5',
  '& > a, & > p > a': { display: 'inline-flex', alignItems: 'center', minHeight: 'touch' },
  '& > a': { alignSelf: 'flex-start' },
});

/**
 * A titled auth form; `noValidate` because the shared schemas check the fields and speak every language. With an
 * `action`, the form posts itself there while the app has not run yet (decision 100); the app's submit prevents that.
 */
export function AuthForm(props: {
  titleId: MessageId;
  introId?: MessageId;
  action?: string;
  onSubmit: () => void;
  onFocus?: () => void;
  children: ReactNode;
}) {
  const { titleId, introId, action, onSubmit, onFocus, children } = props;
  const intl = useIntl();
  return (
    <form
      noValidate
      method={action && 'post'}
      action={action}
      onFocus={onFocus}
      className={cx(stack, form)}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <h1 className={pageTitle}>{intl.formatMessage({ id: titleId })}</h1>
      {introId ? <p className={css({ color: 'muted' })}>{intl.formatMessage({ id: introId })}</p> : null}
      {children}
    </form>
  );
}
