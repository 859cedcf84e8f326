import { css } from '@styled/css';
import type { ReactNode } from 'react';

const list = css({
  display: 'grid',
  gridAutoColumns: '1fr',
  gridAutoFlow: 'column',
  gap: '2',
  listStyle: 'none',
  p: 0,
  m: 0,
});
/** Every step's box; a link or button inside an item takes these styles too. */
export const stepperItem = css({
  display: 'flex',
  flexDirection: { base: 'column', md: 'row' },
  alignItems: 'center',
  gap: '2',
  minHeight: 'touch',
  width: '100%',
  // Every step as tall as the tallest (a title that wraps).
  height: '100%',
  px: '2',
  py: '2',
  borderRadius: 'control',
  borderBottomWidth: '3px',
  borderColor: 'line',
  bg: 'transparent',
  color: 'muted',
  fontSize: 'sm',
  textDecoration: 'none',
  textAlign: { base: 'center', md: 'start' },
  '&[data-completed=true]': { color: 'ink', borderColor: 'success' },
  '&[aria-current=step]': { color: 'accentText', borderColor: 'accent', fontWeight: 'semibold' },
  '&:is(a, button)': { cursor: 'pointer', _hover: { bg: 'accentSoft' } },
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
const label = css({ display: { base: 'none', md: 'inline' } });

/** What an item's link or button gets: its style, state attributes, and the content (number, title, status for screen readers). */
export interface StepItemProps {
  className: string;
  'data-completed': boolean;
  'data-step': string;
  'aria-current': 'step' | undefined;
  children: ReactNode;
}

export interface StepperStep {
  key: string;
  title: string;
  completed: boolean;
  current: boolean;
  /** A step that may be opened renders its own link or button with these props; else the step is plain text. */
  render?: (props: StepItemProps) => ReactNode;
}

/**
 * A wizard's steps: done, current, still to do. A step that may be opened is a
 * link or a button (the caller's); the current one is marked for screen readers,
 * and each says "Step 2 of 5: Title (done)". Titles show from tablet width up.
 */
export function Stepper({
  label: navLabel,
  steps,
  stepOf,
  doneLabel,
}: {
  /** Names the navigation ("Wizard steps"). */
  label: string;
  steps: readonly StepperStep[];
  /** "Step {step} of {total}", localised. */
  stepOf: (step: number, total: number) => string;
  /** "done", localised. */
  doneLabel: string;
}) {
  return (
    <nav aria-label={navLabel}>
      <ol className={list} data-testid="wizard-steps">
        {steps.map(({ key, title, completed, current, render }, index) => {
          const position = index + 1;
          const props: StepItemProps = {
            className: stepperItem,
            'data-completed': completed,
            'data-step': key,
            'aria-current': current ? 'step' : undefined,
            children: (
              <>
                <span className={number} aria-hidden="true">
                  {completed && !current ? '✓' : position}
                </span>
                <span className={label} aria-hidden="true">
                  {title}
                </span>
                <span className={css({ srOnly: true })}>
                  {`${stepOf(position, steps.length)}: ${title}${completed ? ` (${doneLabel})` : ''}`}
                </span>
              </>
            ),
          };
          return <li key={key}>{!current && render ? render(props) : <div {...props} />}</li>;
        })}
      </ol>
    </nav>
  );
}
