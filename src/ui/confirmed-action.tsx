import { useState, type ReactNode } from 'react';
import { useOnline } from '@/lib/online';
import { Button } from './button';
import { ConfirmDialog } from './dialog';
import { FormFailure } from './form-failure';

export interface ConfirmedActionProps {
  label: string;
  title: string;
  description: string;
  cancelLabel: string;
  closeLabel: string;
  /** Off for a reason the page says beside it (`aria-describedby`); always off while the server is out of reach. */
  disabled?: boolean;
  describedBy?: string;
  testId: string;
  /** The change the confirmation runs: its failure is shown inside the dialog, which stays open. */
  mutation: { mutateAsync(): Promise<unknown>; reset(): void; isPending: boolean; error: unknown };
  onDone(): unknown;
  /** What the dialog asks beyond its description (a reason to type). */
  children?: ReactNode;
}

/** A change with a confirmation (block, withdraw, delete): one button, a dialog, the failure inside it. */
export function ConfirmedAction(props: ConfirmedActionProps) {
  const { label, title, description, cancelLabel, closeLabel, disabled, describedBy, testId, mutation, onDone, children } = props;
  const online = useOnline();
  const [open, setOpen] = useState(false);

  const onConfirm = () =>
    mutation.mutateAsync().then(
      async () => {
        setOpen(false);
        await onDone();
      },
      () => undefined,
    );

  return (
    <>
      <div>
        <Button
          tone="secondary"
          disabled={disabled || !online}
          aria-describedby={describedBy}
          onClick={() => setOpen(true)}
          data-testid={testId}
        >
          {label}
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) mutation.reset();
        }}
        title={title}
        description={description}
        confirmLabel={label}
        cancelLabel={cancelLabel}
        closeLabel={closeLabel}
        disabled={mutation.isPending}
        onConfirm={() => void onConfirm()}
      >
        {children}
        <FormFailure error={mutation.error} />
      </ConfirmDialog>
    </>
  );
}
