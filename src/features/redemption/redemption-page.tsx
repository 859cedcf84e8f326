import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from '@tanstack/react-router';
import type { RedeemResult } from '@/contract/schemas/redemption';
import { HttpError } from '@/lib/http';
import { useErrorText, useFailureText } from '@/lib/i18n';
import { userStore } from '@/lib/session';
import { effectiveRoles, selectedSupplier, supplierStore } from '@/lib/suppliers';
import { useStore } from '@/lib/use-store';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { Alert, Card, pageTitle } from '@/ui/layout';
import { css } from '../../../styled-system/css';
import { CertificateCard, Money } from './certificate-card';
import { canCheckNumber, normalizeNumber, numberState } from './certificate-number';
import { useCheckedCertificate, useCheckMutation } from './queries';
import { isRedeemable, mayRedeem, STATUS_BADGE } from './status';
import { RedeemForm } from './redeem-form';

// The camera code and its reader load only when the scanner opens.
const Scanner = lazy(() => import('./scanner'));

const page = css({ display: 'flex', flexDirection: 'column', gap: { base: '3', md: '5' }, maxWidth: '720px', mx: 'auto', width: '100%' });
const titleRow = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '2' });
const reportLink = css({ display: 'inline-flex', alignItems: 'center', minHeight: 'touch', fontWeight: 'medium' });
const validHint = css({ color: 'success', fontWeight: 'medium' });

/** Sections that later issues build are typed as plain paths until their routes exist. */
const REPORT_PATH = '/analytics/redemption' as '/';

interface Checked {
  supplierId: string;
  number: string;
  pin: string;
}

/**
 * /redemption, the till's screen (SPEC §2): number and PIN (typed or scanned,
 * the check digit verified as you type), the check result with everything it
 * answers, and for redeemers and admins the redeem form.
 */
export function RedemptionPage() {
  const intl = useIntl();
  const errorText = useErrorText();
  const failureText = useFailureText();
  const user = useStore(userStore);
  const suppliers = useStore(supplierStore);
  const selected = selectedSupplier(suppliers);
  const supplierId = selected?.supplierId ?? null;
  const canRedeem = mayRedeem(effectiveRoles(user.roles, selected));

  const numberRef = useRef<HTMLInputElement>(null);
  const pinRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const [number, setNumber] = useState('');
  const [pin, setPin] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [redeemed, setRedeemed] = useState<RedeemResult | null>(null);
  const [scannerOpen, setScannerOpen] = useState(false);
  // Mounted from the first opening on, so closing runs the dialog's focus return (to the PIN after a scan).
  const [scannerUsed, setScannerUsed] = useState(false);
  const [scanned, setScanned] = useState<string | null>(null);
  const afterScanner = useRef<'pin' | 'number'>('number');

  const check = useCheckMutation();
  // The card belongs to the company it was checked in: switching company hides it.
  const current = checked && checked.supplierId === supplierId ? checked : null;
  const view = useCheckedCertificate(current).data;

  const state = numberState(number);
  const serverFields = check.error instanceof HttpError ? check.error.fields : {};
  const numberError: string | null =
    state === 'invalid'
      ? intl.formatMessage({ id: 'redemption.numberInvalid' })
      : submitted && state === 'empty'
        ? errorText('REQUIRED')
        : errorText(serverFields.number);
  const pinError = view?.status === 'incorrectPin' ? errorText('INCORRECT_PIN') : errorText(serverFields.pin);
  const formFailure = check.error && Object.keys(serverFields).length === 0 ? check.error : null;

  // At the till the next step is the amount; a wrong PIN sends the person back to the PIN. Done once the card is drawn.
  const focusAfterCheck = useRef(false);
  useEffect(() => {
    if (!view || !focusAfterCheck.current) return;
    focusAfterCheck.current = false;
    if (view.status === 'incorrectPin') pinRef.current?.focus();
    else document.querySelector<HTMLInputElement>('input[name=amount]')?.focus();
  }, [view, checked]);

  const runCheck = (target: Checked, quiet = false) =>
    check.mutate(target, {
      onSuccess: () => {
        setChecked(target);
        if (quiet) return;
        setRedeemed(null);
        focusAfterCheck.current = true;
      },
    });

  const onCheck = () => {
    setSubmitted(true);
    if (!supplierId) return;
    if (!canCheckNumber(state)) {
      numberRef.current?.focus();
      return;
    }
    runCheck({ supplierId, number: normalizeNumber(number), pin: pin.trim() });
  };

  // A new number or PIN makes the shown card someone else's: it goes, the typed values stay.
  const edited = () => {
    setChecked(null);
    setRedeemed(null);
    setScanned(null);
    check.reset();
  };

  const onScan = (value: string) => {
    setNumber(normalizeNumber(value));
    edited();
    setScanned(normalizeNumber(value));
    afterScanner.current = 'pin';
    setScannerOpen(false);
  };

  const openScanner = () => {
    afterScanner.current = 'number';
    setScannerUsed(true);
    setScannerOpen(true);
  };

  const summary = view
    ? view.status === 'incorrectPin'
      ? intl.formatMessage({ id: STATUS_BADGE.incorrectPin.messageId })
      : intl.formatMessage(
          { id: 'redemption.summary' },
          { status: intl.formatMessage({ id: STATUS_BADGE[view.status].messageId }), balance: <Money key="balance" minor={view.balance} currency={view.currency} /> },
        )
    : null;

  return (
    <div className={page}>
      <Card>
        <div className={titleRow}>
          <h1 className={pageTitle}>{intl.formatMessage({ id: 'redemption.title' })}</h1>
          <Link to={REPORT_PATH} className={reportLink} data-testid="report-link">
            {intl.formatMessage({ id: 'redemption.report' })}
          </Link>
        </div>
        {supplierId ? null : <Alert tone="info">{intl.formatMessage({ id: 'redemption.noCompany' })}</Alert>}
        <form
          noValidate
          className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
          aria-label={intl.formatMessage({ id: 'redemption.checkForm' })}
          onSubmit={(event) => {
            event.preventDefault();
            onCheck();
          }}
        >
          {formFailure ? <Alert tone="error">{failureText(formFailure)}</Alert> : null}
          <Button tone="secondary" width="full" onClick={openScanner} data-testid="scan" aria-haspopup="dialog">
            {intl.formatMessage({ id: 'redemption.scan' })}
          </Button>
          <TextField
            ref={numberRef}
            label={intl.formatMessage({ id: 'redemption.number' })}
            name="number"
            inputMode="numeric"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            enterKeyHint="next"
            value={number}
            error={numberError}
            hint={
              state === 'valid' ? (
                <span className={validHint} data-testid="number-valid">
                  {intl.formatMessage({ id: 'redemption.numberValid' })}
                </span>
              ) : state === 'invalid' ? null : (
                intl.formatMessage({ id: 'redemption.numberHint' })
              )
            }
            onChange={(event) => {
              setNumber(event.target.value);
              edited();
            }}
            onKeyDown={(event) => {
              // Enter after the number goes on to the PIN: a check without it would count as a wrong PIN.
              if (event.key === 'Enter' && pin.trim() === '') {
                event.preventDefault();
                pinRef.current?.focus();
              }
            }}
          />
          <TextField
            ref={pinRef}
            label={intl.formatMessage({ id: 'redemption.pin' })}
            name="pin"
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="go"
            value={pin}
            error={pinError}
            onChange={(event) => {
              setPin(event.target.value);
              edited();
            }}
          />
          <Button type="submit" width="full" disabled={check.isPending || !supplierId} data-testid="check">
            {intl.formatMessage({ id: check.isPending ? 'redemption.checking' : 'redemption.check' })}
          </Button>
        </form>
        {/* Screen readers hear the scan and the result without leaving the form. */}
        <p role="status" aria-live="polite" className={css({ srOnly: true })} data-testid="result-summary">
          {scanned ? intl.formatMessage({ id: 'redemption.scanned' }, { number: scanned }) : null}
          {summary}
        </p>
      </Card>

      {view && current ? (
        <Card aria-labelledby={headingId} data-testid="certificate-card">
          {redeemed && view.status !== 'incorrectPin' ? (
            <Alert tone="success">
              <span data-testid="redeem-success">
                {intl.formatMessage(
                  { id: 'redemption.success' },
                  {
                    amount: <Money key="amount" minor={redeemed.amount} currency={view.currency} />,
                    transaction: <strong key="transaction" data-testid="transaction-number">{redeemed.transactionNumber}</strong>,
                    balance: <Money key="balance" minor={redeemed.balance} currency={view.currency} testId="new-balance" />,
                  },
                )}
              </span>
            </Alert>
          ) : null}
          <CertificateCard view={view} headingId={headingId}>
            {canRedeem && isRedeemable(view) ? (
              <RedeemForm key={`${current.number}`} certificate={view} checked={current} onRedeemed={setRedeemed} onStale={() => runCheck(current, true)} />
            ) : null}
            {!canRedeem && view.status !== 'incorrectPin' ? <p className={css({ color: 'muted' })} data-testid="check-only">{intl.formatMessage({ id: 'redemption.checkOnly' })}</p> : null}
          </CertificateCard>
        </Card>
      ) : null}

      {scannerUsed ? (
        <Suspense fallback={null}>
          <Scanner
            open={scannerOpen}
            onOpenChange={setScannerOpen}
            onScan={onScan}
            onManual={() => {
              afterScanner.current = 'number';
              setScannerOpen(false);
            }}
            finalFocus={() => (afterScanner.current === 'pin' ? pinRef.current : numberRef.current)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
