import { fieldError, issueLimit, type ErrorCode, type FieldError } from '@contract/errors';
import { useCallback, useRef, useState, type ChangeEvent } from 'react';
import type * as v from 'valibot';
import { useDraftedState } from './drafts';
import { HttpError } from './http';

/** Field name → error (a code, with its limit when it names one); the page turns them into localised text. */
export type FieldErrors = Partial<Record<string, FieldError>>;

/** A schema, or a loader of one (the sign-in page loads its schema on first submit). */
export type SchemaSource<S> = S | (() => Promise<S>);

export type Validated<T> = { success: true; output: T } | { success: false; errors: FieldErrors };

/**
 * Runs a shared contract schema; every issue message is an error code from the
 * catalogue. Valibot is loaded on first use, so a page can show its form before
 * the validation code arrives.
 */
export const validate = async <S extends v.GenericSchema>(schema: S, input: unknown): Promise<Validated<v.InferOutput<S>>> => {
  const { safeParse } = await import('valibot');
  const result = safeParse(schema, input, { abortPipeEarly: true });
  if (result.success) return { success: true, output: result.output };
  const errors: FieldErrors = {};
  for (const issue of result.issues) {
    const key = issue.path?.map((item) => String(item.key)).join('.') ?? '';
    errors[key] ??= fieldError(issue.message as ErrorCode, issueLimit(issue));
  }
  return { success: false, errors };
};

/**
 * Form state: values stay as typed whatever happens (a failed submit keeps
 * everything, and so does the update reload); errors come from the schema or
 * from the server's `fields`; the form may start refused (the sign-in form's post, decision 100).
 */
export function useForm<T extends Record<string, string | boolean>>(initial: T, refused?: unknown) {
  const [values, setValues] = useDraftedState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<unknown>(refused || null);
  const [submitting, setSubmitting] = useState(false);
  // The form these fields stand in, learnt from the fields themselves: a failure focuses inside it, never elsewhere on the page.
  const form = useRef<HTMLFormElement | null>(null);
  const register = useCallback((element: HTMLElement | null) => {
    if (element) form.current = element.closest('form');
  }, []);

  const field = useCallback(
    <K extends keyof T & string>(name: K) => ({
      name,
      ref: register,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
        const target = event.target;
        const value = (target instanceof HTMLInputElement && target.type === 'checkbox' ? target.checked : target.value) as T[K];
        setValues((prev) => ({ ...prev, [name]: value }));
        setErrors((prev) => (prev[name] ? { ...prev, [name]: undefined } : prev));
      },
    }),
    [setValues, register],
  );

  /** Validates, then runs the action; server field codes land next to their fields. Answers whether the action went through. */
  const submit = useCallback(
    async <S extends v.GenericSchema>(
      source: SchemaSource<S>,
      input: unknown,
      action: (output: v.InferOutput<S>) => Promise<unknown>,
    ): Promise<boolean> => {
      setFormError(null);
      const schema = typeof source === 'function' ? await source() : source;
      const checked = await validate(schema, input);
      if (!checked.success) {
        setErrors(checked.errors);
        focusFirstError(form.current);
        return false;
      }
      setErrors({});
      setSubmitting(true);
      try {
        await action(checked.output);
        return true;
      } catch (error) {
        if (error instanceof HttpError && Object.keys(error.fields).length > 0) {
          setErrors(error.fields);
          focusFirstError(form.current);
        } else {
          setFormError(error);
        }
        return false;
      } finally {
        setSubmitting(false);
      }
    },
    [],
  );

  return { values, setValues, errors, setErrors, formError, setFormError, submitting, field, submit };
}

/** Focuses the first invalid field of `form` (./focus-field), loaded when a form first fails: /login carries none of it. */
const focusFirstError = (form: HTMLFormElement | null) => void import('./focus-field').then((module) => module.focusFirstInvalid(form));
