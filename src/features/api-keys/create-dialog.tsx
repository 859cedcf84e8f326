import type { CreatedApiKey } from '@contract/api-keys';
import { apiKeyForm } from '@contract/schemas/api-keys';
import { css, cx } from '@styled/css';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { useForm } from '@/lib/form';
import { useErrorText } from '@/lib/i18n';
import { useOnline } from '@/lib/online';
import { Button } from '@/ui/button';
import { copyText } from '@/ui/copy-text';
import { Modal } from '@/ui/dialog';
import { control, labelStyle, TextField } from '@/ui/field';
import { Form } from '@/ui/form';
import { FormActions } from '@/ui/form-actions';
import { Alert } from '@/ui/layout';
import { useCreateApiKey } from './queries';
import { checkedScopes, ScopeCheckboxes, scopeFlags, type ScopeFlags } from './scope-fields';

const column = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '3', '& > *': { flex: { base: '1 1 auto', sm: '0 0 auto' } } });
const secretBox = css({ fontFamily: 'mono', fontSize: 'sm', overflowWrap: 'anywhere' });

/** A register's key usually checks and redeems; reading reports is for accounting systems. */
const DEFAULT_SCOPES = scopeFlags(['check', 'redeem']);

/**
 * "Create a key": a name and scopes (the shared apiKeyForm), then the whole key, shown this once with a copy button.
 * The key lives in this dialog's state only: closing it, or reloading, leaves nothing but its prefix in the list.
 */
export function CreateKeyDialog({ supplierId, disabled, describedBy }: { supplierId: string; disabled: boolean; describedBy?: string }) {
  const intl = useIntl();
  const online = useOnline();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const close = () => {
    setOpen(false);
    setCreated(null);
  };
  return (
    <>
      <Button disabled={disabled || !online} aria-describedby={describedBy} onClick={() => setOpen(true)} data-testid="api-key-create">
        {intl.formatMessage({ id: 'apiKeys.create' })}
      </Button>
      <Modal
        open={open}
        onOpenChange={(next) => (next ? setOpen(true) : close())}
        title={intl.formatMessage({ id: created ? 'apiKeys.created.title' : 'apiKeys.create.title' })}
        closeLabel={intl.formatMessage({ id: 'action.close' })}
      >
        {created ? (
          <SecretOnce created={created} onDone={close} />
        ) : (
          <KeyForm supplierId={supplierId} onCreated={setCreated} onCancel={close} />
        )}
      </Modal>
    </>
  );
}

function KeyForm({
  supplierId,
  onCreated,
  onCancel,
}: {
  supplierId: string;
  onCreated: (created: CreatedApiKey) => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const errorText = useErrorText();
  const create = useCreateApiKey();
  const initial = { name: '', ...DEFAULT_SCOPES };
  const form = useForm(initial);

  const setScopes = (flags: ScopeFlags) => {
    form.setValues((prev) => ({ ...prev, ...flags }));
    form.setErrors((prev) => ({ ...prev, scopes: undefined }));
  };
  const onSubmit = () =>
    form.submit(apiKeyForm, { name: form.values.name, scopes: checkedScopes(form.values) }, async (body) => {
      const answer = await create.mutateAsync({ supplierId, ...body });
      form.setValues(initial);
      onCreated(answer);
    });

  return (
    <Form onSubmit={onSubmit} failure={form.formError} data-testid="api-key-form">
      <TextField
        label={intl.formatMessage({ id: 'apiKeys.field.name' })}
        hint={intl.formatMessage({ id: 'apiKeys.field.nameHint' })}
        autoComplete="off"
        value={form.values.name}
        error={errorText(form.errors.name)}
        {...form.field('name')}
      />
      <ScopeCheckboxes flags={form.values} onChange={setScopes} error={errorText(form.errors.scopes)} />
      <FormActions
        className={actions}
        submitLabel={intl.formatMessage({ id: 'apiKeys.create.submit' })}
        submitting={form.submitting}
        testId="api-key-form-submit"
      >
        <Button tone="ghost" onClick={onCancel}>
          {intl.formatMessage({ id: 'apiKeys.cancel' })}
        </Button>
      </FormActions>
    </Form>
  );
}

/** The whole key, once: selectable, with a copy button and the plain warning that it will not be shown again. */
function SecretOnce({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const intl = useIntl();
  const id = useId();
  return (
    <div className={column}>
      <Alert tone="info">
        <span data-testid="api-key-once">{intl.formatMessage({ id: 'apiKeys.created.once' }, { name: created.key.name })}</span>
      </Alert>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
        <label htmlFor={id} className={labelStyle}>
          {intl.formatMessage({ id: 'apiKeys.created.label' })}
        </label>
        <input
          id={id}
          className={cx(control, secretBox)}
          readOnly
          value={created.secret}
          spellCheck={false}
          autoComplete="off"
          onFocus={(event) => event.target.select()}
          data-testid="api-key-secret"
        />
      </div>
      <div className={actions}>
        <Button
          tone="secondary"
          onClick={() => void copyText(created.secret, { copied: 'apiKeys.created.copied', failed: 'apiKeys.created.copyFailed' })}
          data-testid="api-key-copy"
        >
          {intl.formatMessage({ id: 'apiKeys.created.copy' })}
        </Button>
        <Button onClick={onDone} data-testid="api-key-done">
          {intl.formatMessage({ id: 'apiKeys.created.done' })}
        </Button>
      </div>
    </div>
  );
}
