import type { ChangeEvent } from 'react';
import { useIntl } from 'react-intl';
import type { FieldErrors } from '@/lib/form';
import { useErrorText } from '@/lib/i18n';
import { TextField } from './field';

type Bind = (name: 'password' | 'repeatPassword') => { name: string; onChange: (event: ChangeEvent<HTMLInputElement>) => void };

/** A new password and its repeat (password reset and the profile page), checked by the shared newPasswordBody. */
export function NewPasswordFields({
  values,
  errors,
  field,
}: {
  values: { password: string; repeatPassword: string };
  errors: FieldErrors;
  field: Bind;
}) {
  const intl = useIntl();
  const errorText = useErrorText();
  return (
    <>
      <TextField
        label={intl.formatMessage({ id: 'field.newPassword' })}
        type="password"
        autoComplete="new-password"
        hint={intl.formatMessage({ id: 'field.passwordHint' })}
        value={values.password}
        error={errorText(errors.password)}
        {...field('password')}
      />
      <TextField
        label={intl.formatMessage({ id: 'field.repeatPassword' })}
        type="password"
        autoComplete="new-password"
        value={values.repeatPassword}
        error={errorText(errors.repeatPassword)}
        {...field('repeatPassword')}
      />
    </>
  );
}
