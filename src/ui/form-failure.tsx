import { useFailureText } from '@/lib/i18n';
import { Alert } from './layout';

/** The failure of a whole form (wrong password, network down...), announced to screen readers. */
export function FormFailure({ error }: { error: unknown }) {
  const text = useFailureText();
  if (!error) return null;
  return (
    <Alert tone="error">
      <span data-testid="form-error">{text(error)}</span>
    </Alert>
  );
}
