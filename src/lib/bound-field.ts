import type { FieldError } from '@contract/errors';
import type { useForm } from './form';

type Values = Record<string, string | boolean>;

/**
 * A text field's value, its error in the page's language and its wiring to its form, in one spread
 * (`<TextField label=… {...boundField(form, errorText, 'email')} />`): the three go together in every form.
 */
export const boundField = <T extends Values, K extends keyof T & string>(
  form: Pick<ReturnType<typeof useForm<T>>, 'values' | 'errors' | 'field'>,
  errorText: (error: FieldError | null | undefined) => string | null,
  name: K,
) => ({ value: String(form.values[name]), error: errorText(form.errors[name]), ...form.field(name) });
