import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '@/lib/message-id';
import { pageTitle, stack } from '@/ui/layout';
import { css, cx } from '../../../styled-system/css';

/** A titled auth form; `noValidate` because the shared schemas check the fields and speak every language. */
export function AuthForm(props: {
  titleId: MessageId;
  introId?: MessageId;
  onSubmit: () => void;
  onFocus?: () => void;
  children: ReactNode;
}) {
  const { titleId, introId, onSubmit, onFocus, children } = props;
  const intl = useIntl();
  return (
    <form
      noValidate
      onFocus={onFocus}
      className={cx(stack, css({ gap: '5' }))}
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
