import { setInfoBody } from '@contract/schemas/account';
import { changePasswordBody } from '@contract/schemas/auth';
import { css } from '@styled/css';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { viewerOf } from '@/lib/access';
import { boundField } from '@/lib/bound-field';
import { useForm } from '@/lib/form';
import { useErrorText } from '@/lib/i18n';
import type { MessageId } from '@/lib/message-id';
import { useOnline } from '@/lib/online';
import { accountKeys, changePassword } from '@/lib/queries';
import { updateUser, userStore } from '@/lib/session';
import { supplierStore } from '@/lib/suppliers';
import { useStore } from '@/lib/use-store';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { Form } from '@/ui/form';
import { FormFailure } from '@/ui/form-failure';
import { Alert, Card, pageTitle, row, sectionTitle } from '@/ui/layout';
import { NewPasswordFields } from '@/ui/new-password-fields';
import { OfflineReason, SavedMark } from '@/ui/offline';
import { useRoleNames } from '@/ui/role-names';
import { setInfo } from './api';

const grid = css({ display: 'grid', gap: '6', gridTemplateColumns: { base: '1fr', xl: '1fr 1fr' }, alignItems: 'start' });

function SectionForm({ titleId, onSubmit, children }: { titleId: MessageId; onSubmit: () => void; children: ReactNode }) {
  const intl = useIntl();
  return (
    <Card>
      <h2 className={sectionTitle}>{intl.formatMessage({ id: titleId })}</h2>
      <Form onSubmit={onSubmit}>{children}</Form>
    </Card>
  );
}

/** /account/info: the profile (set-info) and a new password (change-password, which needs the current one). */
export function InfoPage() {
  const intl = useIntl();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const account = useStore(userStore);
  const { user } = account;
  // The roles that count here and now: those in the company selected in the header.
  const { roles } = viewerOf(account, useStore(supplierStore));
  const roleNames = useRoleNames();
  const profile = useForm({ secondName: user?.secondName ?? '', firstName: user?.firstName ?? '', phone: user?.phone ?? '' });
  const password = useForm({ currentPassword: '', password: '', repeatPassword: '' });
  const [done, setDone] = useState<'profile' | 'password' | null>(null);
  // Saving needs the server; what was typed stays in the forms until it is back.
  const online = useOnline();

  const saveProfile = () =>
    profile.submit(setInfoBody, profile.values, async (body) => {
      setDone(null);
      const next = await setInfo(body);
      if (next) {
        updateUser(next);
        queryClient.setQueryData(accountKeys.info(), next);
      }
      setDone('profile');
    });

  const savePassword = () =>
    password.submit(changePasswordBody, password.values, async (body) => {
      setDone(null);
      await changePassword(body);
      password.setValues({ currentPassword: '', password: '', repeatPassword: '' });
      setDone('password');
    });

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
      <h1 className={pageTitle}>{intl.formatMessage({ id: 'title.info' })}</h1>
      <SavedMark updatedAt={queryClient.getQueryState(accountKeys.info())?.dataUpdatedAt} />
      <div className={grid}>
        <SectionForm titleId="info.profile" onSubmit={() => void saveProfile()}>
          <FormFailure error={profile.formError} />
          {done === 'profile' ? <Alert tone="success">{intl.formatMessage({ id: 'state.saved' })}</Alert> : null}
          <TextField label={intl.formatMessage({ id: 'field.email' })} value={user?.email ?? ''} readOnly />
          <TextField label={intl.formatMessage({ id: 'info.roles' })} value={roleNames(roles)} readOnly data-testid="profile-roles" />
          <TextField
            label={intl.formatMessage({ id: 'field.lastName' })}
            autoComplete="family-name"
            {...boundField(profile, errorText, 'secondName')}
          />
          <TextField
            label={intl.formatMessage({ id: 'field.firstName' })}
            autoComplete="given-name"
            {...boundField(profile, errorText, 'firstName')}
          />
          <TextField
            label={intl.formatMessage({ id: 'field.phone' })}
            type="tel"
            autoComplete="tel"
            {...boundField(profile, errorText, 'phone')}
          />
          <div className={row}>
            <Button type="submit" disabled={profile.submitting || !online} aria-describedby={online ? undefined : 'info-profile-offline'}>
              {intl.formatMessage({ id: 'action.save' })}
            </Button>
            <OfflineReason id="info-profile-offline" />
          </div>
        </SectionForm>
        <SectionForm titleId="info.password" onSubmit={() => void savePassword()}>
          <FormFailure error={password.formError} />
          {done === 'password' ? <Alert tone="success">{intl.formatMessage({ id: 'info.passwordChanged' })}</Alert> : null}
          <TextField
            label={intl.formatMessage({ id: 'info.currentPassword' })}
            type="password"
            autoComplete="current-password"
            {...boundField(password, errorText, 'currentPassword')}
          />
          <NewPasswordFields values={password.values} errors={password.errors} field={password.field} />
          <div className={row}>
            <Button type="submit" disabled={password.submitting || !online} aria-describedby={online ? undefined : 'info-password-offline'}>
              {intl.formatMessage({ id: 'info.changePassword' })}
            </Button>
            <OfflineReason id="info-password-offline" />
          </div>
        </SectionForm>
      </div>
    </div>
  );
}
