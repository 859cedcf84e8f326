import { formatMoney } from '@contract/money';
import type { RedeemResult } from '@contract/schemas/redemption';
import { css } from '@styled/css';
import { useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { HttpError } from '@/lib/http';
import { useErrorText, useFailureText } from '@/lib/i18n';
import { useOnline } from '@/lib/online';
import { Button } from '@/ui/button';
import { ConfirmDialog, preloadDialogs } from '@/ui/dialog';
import { TextField } from '@/ui/field';
import { Alert } from '@/ui/layout';
import { attemptFor, outcomeUnknown, type Attempt } from './attempt';
import { groupCertificateNumber } from './certificate-number';
import { parseAmount, type AmountError } from './money';
import { checkBodyOf, useRedeemMutation, type CheckTarget } from './queries';
import type { FoundCertificate } from './status';

const form = css({ display: 'flex', flexDirection: 'column', gap: '3', borderTopWidth: '1px', borderColor: 'line', pt: '4' });
const reasonStyle = css({ color: 'danger.text', fontWeight: 'medium' });

/** Codes after which the card no longer tells the truth (another till spent it, it expired...): check again. */
const STALE_CODES = new Set([
  'AMOUNT_EXCEEDS_BALANCE',
  'CERTIFICATE_EXPIRED',
  'CERTIFICATE_REDEEMED',
  'CERTIFICATE_BLOCKED',
  'REDEMPTION_LIMIT_REACHED',
]);

interface RedeemFormProps {
  certificate: FoundCertificate;
  /** The number and PIN that were checked: the redemption is for exactly that certificate. */
  checked: CheckTarget;
  onRedeemed: (result: RedeemResult) => void;
  /** Check again (quietly) to bring the card up to date. */
  onStale: () => void;
}

/**
 * The amount (at most the balance), a confirmation that says the redemption
 * cannot be undone, and the Idempotency-Key that makes a retry safe. Offline,
 * the button is disabled and says why. The typed amount survives every error.
 */
export function RedeemForm({ certificate, checked, onRedeemed, onStale }: RedeemFormProps) {
  const intl = useIntl();
  const errorText = useErrorText();
  const failureText = useFailureText();
  const online = useOnline();
  const redeem = useRedeemMutation();
  const reasonId = useId();
  const amountRef = useRef<HTMLInputElement>(null);
  const pending = useRef<Attempt | null>(null);
  const [amount, setAmount] = useState('');
  const [amountError, setAmountError] = useState<AmountError | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  // The last try's outcome is unknown: the dialog stays open to try again with the same key.
  const [unknownOutcome, setUnknownOutcome] = useState(false);
  // A redeemable certificate is on the screen: its confirmation is the next thing the till opens.
  useEffect(preloadDialogs, []);

  const money = (minor: number) => formatMoney(minor, certificate.currency, intl.locale);

  const onSubmit = () => {
    setFailure(null);
    const parsed = parseAmount(amount, certificate.balance);
    if (!parsed.ok) {
      setAmountError(parsed.error);
      amountRef.current?.focus();
      return;
    }
    setAmountError(null);
    setUnknownOutcome(false);
    setConfirming(parsed.minor);
  };

  const onConfirm = () => {
    if (confirming === null || !online || redeem.isPending) return;
    const body = { ...checkBodyOf(checked), amount: confirming };
    const attempt = attemptFor(pending.current, body);
    pending.current = attempt;
    redeem.mutate(
      { body, key: attempt.key, pinKey: checked.pinKey },
      {
        onSuccess: (result) => {
          pending.current = null;
          setConfirming(null);
          setUnknownOutcome(false);
          // Cleared only now: a second tap can never spend the same amount again by accident.
          setAmount('');
          onRedeemed(result);
        },
        onError: (error) => {
          if (outcomeUnknown(error)) {
            setUnknownOutcome(true);
            return;
          }
          pending.current = null;
          setConfirming(null);
          setUnknownOutcome(false);
          const fieldCode = error instanceof HttpError ? error.fields.amount : undefined;
          if (fieldCode) {
            setAmountError(fieldCode as AmountError);
            requestAnimationFrame(() => amountRef.current?.focus());
          } else {
            setFailure(error);
          }
          if (error instanceof HttpError && error.code && STALE_CODES.has(error.code)) onStale();
        },
      },
    );
  };

  const closeDialog = (open: boolean) => {
    if (open || redeem.isPending) return;
    setConfirming(null);
    // Whether the first try went through is unknown: the card is checked again so it shows the truth.
    if (unknownOutcome) onStale();
  };

  const disabled = !online || redeem.isPending;
  return (
    <form
      noValidate
      className={form}
      aria-label={intl.formatMessage({ id: 'redemption.redeemForm' })}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {failure ? <Alert tone="error">{failureText(failure)}</Alert> : null}
      <TextField
        ref={amountRef}
        label={intl.formatMessage({ id: 'redemption.amount' })}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        enterKeyHint="done"
        value={amount}
        error={errorText(amountError)}
        hint={intl.formatMessage({ id: 'redemption.amountHint' }, { balance: money(certificate.balance) })}
        onChange={(event) => {
          setAmount(event.target.value);
          setAmountError(null);
          setFailure(null);
        }}
      />
      <Button type="submit" width="full" disabled={disabled} aria-describedby={online ? undefined : reasonId} data-testid="redeem">
        {intl.formatMessage({ id: 'redemption.redeem' })}
      </Button>
      {online ? null : (
        <p id={reasonId} className={reasonStyle} data-testid="offline-reason">
          {intl.formatMessage({ id: 'redemption.offline' })}
        </p>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={closeDialog}
        title={intl.formatMessage({ id: 'redemption.confirmTitle' }, { amount: money(confirming ?? 0) })}
        description={intl.formatMessage(
          { id: 'redemption.confirmText' },
          {
            amount: money(confirming ?? 0),
            number: groupCertificateNumber(checked.number),
          },
        )}
        confirmLabel={intl.formatMessage({ id: unknownOutcome ? 'redemption.retry' : 'redemption.confirm' })}
        cancelLabel={intl.formatMessage({ id: 'redemption.cancel' })}
        closeLabel={intl.formatMessage({ id: 'action.close' })}
        onConfirm={onConfirm}
        disabled={disabled}
        finalFocus={() => amountRef.current}
      >
        {unknownOutcome ? <Alert tone="error">{intl.formatMessage({ id: 'redemption.unknownOutcome' })}</Alert> : null}
        {online ? null : <p className={reasonStyle}>{intl.formatMessage({ id: 'redemption.offline' })}</p>}
      </ConfirmDialog>
    </form>
  );
}
