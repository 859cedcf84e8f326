import { css, cx } from '@styled/css';
import type { ComponentProps } from 'react';
import { FormFailure } from './form-failure';

const spaced = {
  normal: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  wide: css({ display: 'flex', flexDirection: 'column', gap: '5' }),
};

/**
 * A form of the portal: the browser's own validation off (the contract's schemas speak, in the person's language),
 * submit handled by the page without a reload, its fields in a column, and the failure of the whole form, when given,
 * first.
 */
export function Form({
  onSubmit,
  failure,
  spacing = 'normal',
  className,
  children,
  ...props
}: Omit<ComponentProps<'form'>, 'onSubmit' | 'noValidate'> & {
  onSubmit: () => unknown;
  /** The whole form's failure (useForm's formError), shown above its fields. */
  failure?: unknown;
  /** Room between the rows: 'wide' for a page's main form, 'normal' for a card or a dialog. */
  spacing?: 'normal' | 'wide';
}) {
  return (
    <form
      {...props}
      noValidate
      className={cx(spaced[spacing], className)}
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {failure === undefined ? null : <FormFailure error={failure} />}
      {children}
    </form>
  );
}
