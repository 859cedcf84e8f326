import { setRolesBody } from '@contract/schemas/users';
import type { MemberDetails } from '@contract/users';
import { useIntl } from 'react-intl';
import { useForm } from '@/lib/form';
import { useErrorText } from '@/lib/i18n';
import { useOnline } from '@/lib/online';
import { showToast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { Form } from '@/ui/form';
import { FormFailure } from '@/ui/form-failure';
import { Card, sectionTitle } from '@/ui/layout';
import { useSetRoles } from './queries';
import { checkedRoles, RoleCheckboxes, roleFlags, type RoleFlags } from './role-fields';

/**
 * A person's roles (SPEC §5, §6): at least one stays checked; nobody changes their own. The parent keys this
 * by the saved roles, so a saved change (or another admin's) starts it afresh.
 */
export function RolesCard({ member, supplierId }: { member: MemberDetails; supplierId: string }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const online = useOnline();
  const save = useSetRoles();
  const form = useForm(roleFlags(member.roles));
  const roles = checkedRoles(form.values);
  const changed = roles.join() !== member.roles.join();

  const onChange = (flags: RoleFlags) => {
    form.setValues(flags);
    form.setErrors({});
    form.setFormError(null);
  };

  const onSubmit = () =>
    form.submit(setRolesBody, { supplierId, userId: member.id, roles }, async (body) => {
      await save.mutateAsync(body);
      showToast({ tone: 'success', messageId: 'users.roles.saved', lifeMs: 5000 });
    });

  return (
    <Card data-testid="member-roles">
      <Form onSubmit={onSubmit}>
        <h2 className={sectionTitle}>{intl.formatMessage({ id: 'users.field.roles' })}</h2>
        <FormFailure error={form.formError} />
        <RoleCheckboxes
          flags={form.values}
          onChange={onChange}
          keepOne
          legendHidden
          disabled={member.isSelf}
          error={errorText(form.errors.roles)}
          hint={intl.formatMessage({ id: member.isSelf ? 'error.OWN_ACCESS_LOCKED' : 'users.roles.lastOne' })}
        />
        {member.isSelf ? null : (
          <div>
            <Button type="submit" disabled={!changed || form.submitting || !online} data-testid="member-roles-save">
              {intl.formatMessage({ id: 'action.save' })}
            </Button>
          </div>
        )}
      </Form>
    </Card>
  );
}
