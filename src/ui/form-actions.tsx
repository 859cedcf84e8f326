import { useId, type ReactNode } from 'react';
import { useOnline } from '@/lib/online';
import { Button } from './button';
import { OfflineReason } from './offline';

/**
 * A form's buttons: its submit first, off while the form is sending or the server is out of reach (the reason said
 * above the row and named by the button), then the form's other actions (cancel, back). A file of its own beside
 * ./form: the sign-in page's form carries none of it.
 */
export function FormActions({
  submitLabel,
  submitting,
  testId,
  className,
  children,
}: {
  submitLabel: string;
  /** useForm's `submitting`. */
  submitting: boolean;
  testId: string;
  className?: string;
  children?: ReactNode;
}) {
  const online = useOnline();
  const offlineId = useId();
  return (
    <>
      <OfflineReason id={offlineId} />
      <div className={className}>
        <Button type="submit" disabled={submitting || !online} aria-describedby={online ? undefined : offlineId} data-testid={testId}>
          {submitLabel}
        </Button>
        {children}
      </div>
    </>
  );
}
