import { addUserBody } from '@contract/schemas/users';
import { INVITATION_TTL_DAYS, type MemberDetails } from '@contract/users';
import { css } from '@styled/css';
import { Link, useNavigate } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { boundField } from '@/lib/bound-field';
import { useForm } from '@/lib/form';
import { useErrorText } from '@/lib/i18n';
import { useSupplierId } from '@/lib/queries';
import { showToast } from '@/lib/toast';
import { button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { Form } from '@/ui/form';
import { FormActions } from '@/ui/form-actions';
import { Card, mutedText, pageTitle } from '@/ui/layout';
import { useAddMember } from './queries';
import { checkedRoles, RoleCheckboxes, roleFlags, type RoleFlags } from './role-fields';

const page = css({ display: 'flex', flexDirection: 'column', gap: '4', maxWidth: '720px', width: '100%', mx: 'auto' });
const fields = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' } });
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '3', '& > *': { flex: { base: '1 1 auto', sm: '0 0 auto' } } });

/** What the admin is told: an invitation went out, and for how long its link works (decision 074). */
const announce = (member: MemberDetails) =>
  showToast({
    tone: 'success',
    messageId: 'users.add.invited',
    values: { email: member.email, days: INVITATION_TTL_DAYS },
    lifeMs: 8000,
  });

/**
 * /users/add (SPEC §2): last and first name, e-mail, phone and roles, checked
 * by the shared addUserBody; the server's answer (already a member...) lands at
 * its field and nothing typed is lost. Then the person's page opens.
 */
export function AddUserPage() {
  const intl = useIntl();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const supplierId = useSupplierId();
  const add = useAddMember();
  const form = useForm({ secondName: '', firstName: '', email: '', phone: '', ...roleFlags([]) });
  const t = (id: 'field.lastName' | 'field.firstName' | 'field.email' | 'field.phone') => intl.formatMessage({ id });

  const setRoles = (flags: RoleFlags) => {
    form.setValues((prev) => ({ ...prev, ...flags }));
    form.setErrors((prev) => ({ ...prev, roles: undefined }));
  };

  const onSubmit = () => {
    const { secondName, firstName, email, phone } = form.values;
    return form.submit(addUserBody, { supplierId, secondName, firstName, email, phone, roles: checkedRoles(form.values) }, async (body) => {
      const member = await add.mutateAsync(body);
      announce(member);
      await navigate({ to: '/users/user/$id', params: { id: member.id } });
    });
  };

  return (
    <div className={page}>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
        <h1 className={pageTitle}>{intl.formatMessage({ id: 'users.add.title' })}</h1>
        <p className={mutedText}>{intl.formatMessage({ id: 'users.add.intro' })}</p>
      </div>
      <Card>
        <Form spacing="wide" onSubmit={onSubmit} failure={form.formError} data-testid="member-add-form">
          <div className={fields}>
            <TextField label={t('field.lastName')} autoComplete="off" {...boundField(form, errorText, 'secondName')} />
            <TextField label={t('field.firstName')} autoComplete="off" {...boundField(form, errorText, 'firstName')} />
            <TextField
              label={t('field.email')}
              type="email"
              inputMode="email"
              autoComplete="off"
              {...boundField(form, errorText, 'email')}
            />
            <TextField label={t('field.phone')} type="tel" inputMode="tel" autoComplete="off" {...boundField(form, errorText, 'phone')} />
          </div>
          <RoleCheckboxes
            flags={form.values}
            onChange={setRoles}
            error={errorText(form.errors.roles)}
            hint={intl.formatMessage({ id: 'users.roles.hint' })}
          />
          <FormActions
            className={actions}
            submitLabel={intl.formatMessage({ id: 'users.add' })}
            submitting={form.submitting}
            testId="member-add-submit"
          >
            <Link to="/users" className={button({ tone: 'ghost' })}>
              {intl.formatMessage({ id: 'users.backToList' })}
            </Link>
          </FormActions>
        </Form>
      </Card>
    </div>
  );
}
