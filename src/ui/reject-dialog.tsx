import { rejectBody } from '@contract/schemas/company';
import { css } from '@styled/css';
import { useIntl } from 'react-intl';
import { useForm } from '@/lib/form';
import { useErrorText } from '@/lib/i18n';
import { Button } from '@/ui/button';
import { Modal } from '@/ui/dialog';
import { Form } from '@/ui/form';
import { TextAreaField } from '@/ui/text-area-field';

/**
 * Sending a company or a product back (issue 35: one way for both): the reason its admins will read in the mail and
 * on their page, required, as the shared schema says. `reject` sends it; what it throws is shown here, a problem of
 * the reason's own next to the reason. Its words come from the caller: they are the office's messages, which the
 * shared layer does not load.
 */
export function RejectDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  reasonLabel: string;
  hint: string;
  cancelLabel: string;
  confirmLabel: string;
  reject: (reason: string) => Promise<unknown>;
  onDone: () => void;
}) {
  const { open, onOpenChange, title, reasonLabel, hint, cancelLabel, confirmLabel, reject, onDone } = props;
  const intl = useIntl();
  const errorText = useErrorText();
  const form = useForm({ reason: '' });

  const onSubmit = () =>
    form.submit(rejectBody, { reason: form.values.reason }, async (body) => {
      await reject(body.reason);
      onDone();
    });

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} closeLabel={intl.formatMessage({ id: 'action.close' })}>
      <Form onSubmit={onSubmit} failure={form.formError} data-testid="reject-dialog">
        <TextAreaField
          label={reasonLabel}
          hint={hint}
          name="reason"
          value={form.values.reason}
          error={errorText(form.errors.reason)}
          onChange={(event) => {
            const reason = event.target.value;
            form.setValues({ reason });
            form.setErrors({});
          }}
        />
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'flex-end' })}>
          <Button tone="secondary" onClick={() => onOpenChange(false)}>
            {cancelLabel}
          </Button>
          <Button type="submit" disabled={form.submitting} data-testid="moderation-reject-confirm">
            {confirmLabel}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
