import { css } from '@styled/css';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '@/lib/message-id';
import { useOnline } from '@/lib/online';
import { Button } from '@/ui/button';
import { Form } from '@/ui/form';
import { Card, row, sectionTitle } from '@/ui/layout';
import { OfflineReason } from '@/ui/offline';

const fields = css({
  display: 'grid',
  gap: '4',
  gridTemplateColumns: { base: '1fr', md: '1fr 1fr' },
  '& > .wide': { gridColumn: '1 / -1' },
});

export interface StepFormProps {
  titleId: MessageId;
  onSubmit: () => void;
  submitting: boolean;
  formError: unknown;
  /** Going back keeps what was typed here (the wizard remembers it until it is reset). */
  onBack?: () => void;
  submitLabelId?: MessageId;
  /** Shown under the title: what the step is for. */
  intro?: ReactNode;
  children: ReactNode;
}

/** A wizard step: its title, the fields in two columns on wide screens, a failure of the whole form, Back and Save. */
export function StepForm({ titleId, onSubmit, submitting, formError, onBack, submitLabelId, intro, children }: StepFormProps) {
  const intl = useIntl();
  // Saving needs the server: the button waits (and says why) while it is out of reach; nothing typed is lost.
  const online = useOnline();
  return (
    <Card>
      <h2 className={sectionTitle} id="wizard-step-title" tabIndex={-1}>
        {intl.formatMessage({ id: titleId })}
      </h2>
      {intro}
      <Form spacing="wide" onSubmit={onSubmit} failure={formError} aria-labelledby="wizard-step-title">
        <div className={fields}>{children}</div>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'flex-end', alignItems: 'center' })}>
          <div className={row}>
            <OfflineReason id="wizard-offline" />
            {onBack ? (
              <Button tone="secondary" onClick={onBack} data-testid="wizard-back">
                {intl.formatMessage({ id: 'companies.wizard.back' })}
              </Button>
            ) : null}
            <Button
              type="submit"
              disabled={submitting || !online}
              aria-describedby={online ? undefined : 'wizard-offline'}
              data-testid="wizard-next"
            >
              {intl.formatMessage({ id: submitLabelId ?? 'companies.wizard.saveNext' })}
            </Button>
          </div>
        </div>
      </Form>
    </Card>
  );
}

/** A field that spans both columns. */
export const WIDE = 'wide';
