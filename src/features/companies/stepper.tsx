import { useIntl } from 'react-intl';
import type { MessageId } from '@/lib/message-id';
import { css } from '../../../styled-system/css';
import type { StepNumber, WizardStep } from './wizard';

const STEP_TITLES: Record<StepNumber, MessageId> = {
  1: 'companies.step.company',
  2: 'companies.step.legal',
  3: 'companies.step.bank',
  4: 'companies.step.submit',
};

const list = css({
  display: 'grid',
  gridTemplateColumns: { base: 'repeat(4, 1fr)' },
  gap: '2',
  listStyle: 'none',
  p: 0,
  m: 0,
});
const item = css({
  display: 'flex',
  flexDirection: { base: 'column', md: 'row' },
  alignItems: 'center',
  gap: '2',
  minHeight: 'touch',
  width: '100%',
  px: '2',
  py: '2',
  borderRadius: 'control',
  borderBottomWidth: '3px',
  borderColor: 'line',
  bg: 'transparent',
  color: 'muted',
  fontSize: 'sm',
  textAlign: { base: 'center', md: 'start' },
  '&[data-completed=true]': { color: 'ink', borderColor: 'success' },
  '&[aria-current=step]': { color: 'accentText', borderColor: 'accent', fontWeight: 'semibold' },
  '&:is(button)': { cursor: 'pointer', _hover: { bg: 'accentSoft' } },
});
const number = css({
  display: 'grid',
  placeItems: 'center',
  width: '7',
  height: '7',
  borderRadius: 'full',
  borderWidth: '2px',
  borderColor: 'currentColor',
  fontWeight: 'bold',
  flexShrink: 0,
});
const label = css({ display: { base: 'none', sm: 'inline' } });

/**
 * The four steps (SPEC §2): done, current, still to do. A step that may be
 * opened is a button; the current one is marked for screen readers.
 */
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
    <nav aria-label={intl.formatMessage({ id: 'companies.wizard.steps' })}>
      <ol className={list} data-testid="wizard-steps">
        {steps.map(({ step, current, completed }) => {
          const title = intl.formatMessage({ id: STEP_TITLES[step] });
          const content = (
            <>
              <span className={number} aria-hidden="true">
                {completed && !current ? '✓' : step}
              </span>
              <span className={label}>{title}</span>
              <span className={css({ srOnly: true })}>
                {`${intl.formatMessage({ id: 'companies.wizard.stepOf' }, { step, total: steps.length })}: ${title}${
                  completed ? ` (${intl.formatMessage({ id: 'companies.wizard.stepDone' })})` : ''
                }`}
              </span>
            </>
          );
          const common = {
            className: item,
            'data-completed': completed,
            'data-step': step,
            'aria-current': current ? ('step' as const) : undefined,
          };
          return (
            <li key={step}>
              {!current && canOpen(step) ? (
                <button type="button" {...common} onClick={() => onOpen(step)}>
                  {content}
                </button>
              ) : (
                <div {...common}>{content}</div>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
