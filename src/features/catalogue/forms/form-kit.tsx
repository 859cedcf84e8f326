import { fieldError, isLimitCode, issueLimit, type FieldError } from '@contract/errors';
import { css } from '@styled/css';
import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import * as v from 'valibot';
import { focusFirstInvalid } from '@/lib/focus-field';
import { validate } from '@/lib/form';
import { HttpError } from '@/lib/http';
import { useErrorText } from '@/lib/i18n';
import { useOnline } from '@/lib/online';
import { Button } from '@/ui/button';
import { Form } from '@/ui/form';
import { OfflineReason } from '@/ui/offline';

/**
 * What every step form takes, in the wizard and on the staff pages alike: the
 * saved value (null before the step is first saved), what to do with a checked
 * one, whether a save is running, and its failure (field codes land next to
 * their fields, whatever names them: `data.items.0.value` or `items.0.value`).
 */
export interface StepFormProps<T> {
  value: T | null;
  onSubmit: (value: T) => void;
  pending: boolean;
  /** The last save's failure; null when none. */
  error: unknown;
  submitLabel: string;
  /** Shown as a Back button left of submit (the wizard's previous step, a staff tab). */
  onBack?: () => void;
  backLabel?: string;
  /** Something else a form may want next to its buttons (Cancel, a link). */
  actions?: ReactNode;
}

/** Each field's problem: a contract code (with its limit), the server's or the form's own (money it cannot read). */
export type StepErrors = Partial<Record<string, FieldError>>;

/** The server's field codes under the form's names: a step is saved as `{ data: … }`, submit names `step.field`. */
export const serverFieldErrors = (error: unknown, step: string): StepErrors => {
  if (!(error instanceof HttpError)) return {};
  const errors: StepErrors = {};
  for (const [name, code] of Object.entries(error.fields)) {
    const bare = name.replace(/^data\./, '').replace(new RegExp(`^${step}\\.`), '');
    errors[bare] ??= code;
  }
  return errors;
};

/**
 * A field's error: its own, else the first one under it (`cities.2` shows on the cities field, a list's
 * `items.0.value` under the list when no row shows it).
 */
export const errorAt = (errors: StepErrors, path: string): FieldError | undefined =>
  errors[path] ?? Object.entries(errors).find(([key]) => key.startsWith(`${path}.`))?.[1];

/**
 * A length limit the typed text breaks, read from the field's contract schema (the one rule), shown while typing:
 * the text stays as typed, where a maxLength attribute cut it off without a word (issue 35).
 */
export function limitBroken(schema: v.GenericSchema, value: string): FieldError | undefined {
  const issue = v.safeParse(schema, value, { abortPipeEarly: true }).issues?.[0];
  return issue && isLimitCode(issue.message) ? fieldError(issue.message, issueLimit(issue)) : undefined;
}

const countStyle = css({
  display: 'block',
  fontVariantNumeric: 'tabular-nums',
  '&[data-over]': { color: 'danger.text', fontWeight: 'medium' },
});

/** A field's hint with how many of its `max` characters the text takes (trimmed, as the schema counts them). */
export function CountedHint({ hint, value, max }: { hint: ReactNode; value: string; max: number }) {
  const intl = useIntl();
  const count = value.trim().length;
  return (
    <>
      {hint}
      <span className={countStyle} data-testid="length-count" data-over={count > max ? '' : undefined}>
        {intl.formatMessage({ id: 'catalogue.hint.length' }, { count, max })}
      </span>
    </>
  );
}

/** The names of a form's yes/no values. */
type FlagOf<V> = { [K in keyof V]: V[K] extends boolean ? K : never }[keyof V] & string;

/**
 * A step form's state: values stay as typed whatever happens (a refused save
 * keeps everything); errors come from the contract schema or from the server
 * (each new failure replaces them), and a field's error goes when it changes.
 */
export function useStepForm<V extends object>(initial: () => V, error: unknown, step: string) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<StepErrors>(() => serverFieldErrors(error, step));
  const [seenError, setSeenError] = useState(error);
  // The step's own form (StepFormShell's formRef): a failure focuses inside it, never elsewhere on the page.
  const formRef = useRef<HTMLFormElement>(null);
  if (error !== seenError) {
    setSeenError(error);
    setErrors(serverFieldErrors(error, step));
  }
  // A refusal takes the focus to the first field it names.
  useEffect(() => {
    if (error) focusFirstInvalid(formRef.current);
  }, [error]);

  /** Drops the errors of `paths` and of everything under them (`items` takes `items.0.value` along). */
  const clear = useCallback(
    (...paths: string[]) =>
      setErrors((prev) => {
        const kept = Object.entries(prev).filter(([key]) => !paths.some((path) => key === path || key.startsWith(`${path}.`)));
        return kept.length === Object.keys(prev).length ? prev : Object.fromEntries(kept);
      }),
    [],
  );

  const set = useCallback(
    <K extends keyof V & string>(name: K, value: V[K]) => {
      setValues((prev) => ({ ...prev, [name]: value }));
      clear(name);
    },
    [clear],
  );

  /**
   * Checks `input` with the step's contract schema; `extra` are the form's own findings (money it cannot read),
   * which win over the schema's for the same field. Answers the schema's output, or null when something is wrong.
   */
  const check = useCallback(async <S extends v.GenericSchema>(schema: S, input: unknown, extra: StepErrors = {}) => {
    const checked = await validate(schema, input);
    const found: StepErrors = { ...(checked.success ? {} : checked.errors), ...extra };
    if (Object.keys(found).length > 0) {
      setErrors(found);
      focusFirstInvalid(formRef.current);
      return null;
    }
    setErrors({});
    return (checked as { output: v.InferOutput<S> }).output;
  }, []);

  const errorText = useErrorText();
  /** A checkbox's props for one of the step's yes/no values: its name, state, error, and a change that clears the error. */
  const flag = <K extends FlagOf<V>>(name: K) => ({
    name,
    checked: values[name] as boolean,
    error: errorText(errorAt(errors, name)),
    onChange: (event: { target: { checked: boolean } }) => set(name, event.target.checked as V[K]),
  });

  return { values, setValues, set, errors, setErrors, clear, check, flag, formRef };
}

/** A failure that no field shows: the whole form's (offline, not editable now...). */
export const formFailureOf = (error: unknown): unknown =>
  error && !(error instanceof HttpError && Object.keys(error.fields).length > 0) ? error : null;

export const formGrid = css({
  display: 'grid',
  gap: '4',
  gridTemplateColumns: { base: '1fr', md: '1fr 1fr' },
  '& > .wide': { gridColumn: '1 / -1' },
});
/** A field or group that spans both columns. */
export const WIDE = 'wide';

export const subsection = css({ fontSize: 'lg', fontWeight: 'semibold', gridColumn: '1 / -1', mt: '2' });

/** The form: the failure of the whole form, the fields, then Back and submit (which waits while offline). */
export function StepFormShell({
  onSubmit,
  pending,
  error,
  submitLabel,
  onBack,
  backLabel,
  actions,
  testId,
  formRef,
  children,
}: Omit<StepFormProps<unknown>, 'value' | 'onSubmit'> & {
  onSubmit: () => void;
  testId: string;
  /** useStepForm's: where its failures put the focus. */
  formRef: RefObject<HTMLFormElement | null>;
  children: ReactNode;
}) {
  const intl = useIntl();
  // Saving needs the server: the button waits (and says why) while it is out of reach; nothing typed is lost.
  const online = useOnline();
  const offlineId = `${testId}-offline`;
  return (
    <Form ref={formRef} spacing="wide" onSubmit={onSubmit} failure={formFailureOf(error)} data-testid={testId}>
      <div className={formGrid}>{children}</div>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'flex-end', alignItems: 'center' })}>
        <OfflineReason id={offlineId} />
        {actions}
        {onBack ? (
          <Button tone="secondary" onClick={onBack} data-testid="wizard-back">
            {backLabel ?? intl.formatMessage({ id: 'catalogue.wizard.back' })}
          </Button>
        ) : null}
        <Button type="submit" disabled={pending || !online} aria-describedby={online ? undefined : offlineId} data-testid="step-submit">
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}

const rowBox = css({
  display: 'grid',
  gap: '3',
  p: '4',
  borderWidth: '1px',
  borderColor: 'line',
  borderRadius: 'control',
  gridTemplateColumns: { base: '1fr', md: 'repeat(3, 1fr)' },
  alignItems: 'start',
});

/** One row of a list that grows and shrinks (a denomination, a reception point), with its Remove button. */
export function ListRow({
  title,
  removeLabel,
  onRemove,
  testId,
  children,
}: {
  title: string;
  removeLabel: string;
  onRemove: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <fieldset className={rowBox} data-testid={testId}>
      <legend className={css({ srOnly: true })}>{title}</legend>
      <div className={css({ gridColumn: '1 / -1', display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '3' })}>
        <span aria-hidden="true" className={css({ fontWeight: 'semibold' })}>
          {title}
        </span>
        <Button tone="ghost" onClick={onRemove} aria-label={`${removeLabel}: ${title}`} data-testid={`${testId}-remove`}>
          {removeLabel}
        </Button>
      </div>
      {children}
    </fieldset>
  );
}
