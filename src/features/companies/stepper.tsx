import { useIntl } from 'react-intl';
import type { MessageId } from '@/lib/message-id';
import { Stepper as StepList } from '@/ui/stepper';
import type { StepNumber, WizardStep } from './wizard';

const STEP_TITLES: Record<StepNumber, MessageId> = {
  1: 'companies.step.company',
  2: 'companies.step.legal',
  3: 'companies.step.bank',
  4: 'companies.step.submit',
};

/** The four steps (SPEC §2): a step that may be opened is a button. */
export function Stepper({
  steps,
  canOpen,
  onOpen,
}: {
  steps: WizardStep[];
  canOpen: (step: StepNumber) => boolean;
  onOpen: (step: StepNumber) => void;
}) {
  const intl = useIntl();
  return (
    <StepList
      label={intl.formatMessage({ id: 'companies.wizard.steps' })}
      stepOf={(step, total) => intl.formatMessage({ id: 'companies.wizard.stepOf' }, { step, total })}
      doneLabel={intl.formatMessage({ id: 'companies.wizard.stepDone' })}
      steps={steps.map(({ step, current, completed }) => ({
        key: String(step),
        title: intl.formatMessage({ id: STEP_TITLES[step] }),
        current,
        completed,
        render: canOpen(step) ? (props) => <button type="button" {...props} onClick={() => onOpen(step)} /> : undefined,
      }))}
    />
  );
}
