import { Link, useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { mayRedeem, normalizeCertificateNumber } from '@/contract/redemption';
import type { RedeemResult } from '@/contract/schemas/redemption';
import { viewerOf } from '@/lib/access';
import { useDraftedState } from '@/lib/drafts';
import { HttpError } from '@/lib/http';
import { useErrorText, useFailureText } from '@/lib/i18n';
import { useOnline } from '@/lib/online';
import { verdict } from '@/lib/router-meta';
import { userStore } from '@/lib/session';
import { effectiveRoles, selectedSupplier, supplierStore } from '@/lib/suppliers';
import { useStore } from '@/lib/use-store';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { Alert, Card, pageTitle } from '@/ui/layout';
import { SavedMark } from '@/ui/offline';
import { css } from '../../../styled-system/css';
import { CertificateCard, Money } from './certificate-card';
import { canCheckNumber, numberState } from './certificate-number';
import { pinDigest } from './check-key';
import { useCheckedCertificate, useCheckMutation, useDropQueuedChecks, type CheckTarget } from './queries';
import { RedeemForm } from './redeem-form';
import { isRedeemable, STATUS_BADGE } from './status';

// The camera code and its reader load only when the scanner opens.
const Scanner = lazy(() => import('./scanner'));

const page = css({ display: 'flex', flexDirection: 'column', gap: { base: '3', md: '5' }, maxWidth: '720px', mx: 'auto', width: '100%' });
const validHint = css({ color: 'success', fontWeight: 'medium' });
const reportLink = css({ alignSelf: 'flex-end', display: 'inline-flex', alignItems: 'center', minHeight: 'touch', fontWeight: 'medium' });
const queuedNote = css({ color: 'muted', fontSize: 'sm', fontWeight: 'medium' });

/** A check asked for; `offline`: asked while the server was out of reach, so the saved answer is shown until the real one comes. */
interface Asked extends CheckTarget {
  offline: boolean;
}

/**
 * /redemption, the till's screen (SPEC §2): number and PIN (typed or scanned,
 * the check digit verified as you type), the check result with everything it
 * answers, and for redeemers and admins the redeem form. Offline a check waits
 * for the connection and runs by itself when it returns; meanwhile the answer
 * last seen on this device for the same number and PIN (if any, within the
 * saved cache's day) is shown with its age, and redeeming is disabled.
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
  // SPEC §2's report link, shown to those whom the report's route lets in (its own access rule).
  const reportAccess = useRouter().routesById['/_app/analytics/redemption'].options.staticData?.access;
  const mayOpenReport = reportAccess !== undefined && verdict(reportAccess, viewerOf(user, suppliers)) === 'open';

  const numberRef = useRef<HTMLInputElement>(null);
  const pinRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const queuedId = useId();
  // The number survives the update reload (the PIN, a secret, does not).
  const [{ number }, setDraft] = useDraftedState({ number: '' });
  const setNumber = (value: string) => setDraft({ number: value });
  const [pin, setPin] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const online = useOnline();
  // What was asked last, and the check whose answer came (the card shows that one).
  const [asked, setAsked] = useState<Asked | null>(null);
  const [checked, setChecked] = useState<CheckTarget | null>(null);
  const [redeemed, setRedeemed] = useState<RedeemResult | null>(null);
  const [scannerOpen, setScannerOpen] = useState(false);
  // Mounted from the first opening on, so closing runs the dialog's focus return (to the PIN after a scan).
  const [scannerUsed, setScannerUsed] = useState(false);
  const [scanned, setScanned] = useState<string | null>(null);
  const afterScanner = useRef<'pin' | 'number'>('number');

  const check = useCheckMutation();
  const dropQueuedChecks = useDropQueuedChecks();
  // The card belongs to the company it was checked in: switching company hides it.
  const current = checked && checked.supplierId === supplierId ? checked : null;
  // Waiting for the connection: the saved answer for what was asked, until the check has run.
  const queued = check.isPaused;
  const saved = !current && asked && asked.supplierId === supplierId && (asked.offline || queued) ? asked : null;
  const shown = current ?? saved;
  const { data: view, dataUpdatedAt } = useCheckedCertificate(shown);

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

  const runCheck = (target: CheckTarget, quiet = false) =>
    check.mutate(target, {
      onSuccess: () => {
        setChecked(target);
        if (quiet) return;
        setRedeemed(null);
        focusAfterCheck.current = true;
      },
    });

  // Bumped by every edit: a check whose key was still being computed is then dropped.
  const edits = useRef(0);
  const onCheck = async () => {
    setSubmitted(true);
    if (!supplierId) return;
    if (!canCheckNumber(state)) {
      numberRef.current?.focus();
      return;
    }
    const edit = edits.current;
    const body = { supplierId, number: normalizeCertificateNumber(number), pin: pin.trim() };
    const target = { ...body, pinKey: await pinDigest(body.number, body.pin) };
    if (edit !== edits.current) return;
    setAsked({ ...target, offline: !online });
    runCheck(target);
  };

  // A new number or PIN makes the shown card someone else's: it goes, the typed values stay; a check waiting for the connection is dropped.
  const edited = () => {
    edits.current += 1;
    setAsked(null);
    setChecked(null);
    setRedeemed(null);
    setScanned(null);
    dropQueuedChecks();
    check.reset();
  };

  const onScan = (value: string) => {
    setNumber(normalizeCertificateNumber(value));
    edited();
    setScanned(normalizeCertificateNumber(value));
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
          {
            status: intl.formatMessage({ id: STATUS_BADGE[view.status].messageId }),
            balance: <Money key="balance" minor={view.balance} currency={view.currency} />,
          },
        )
    : null;

  return (
    <div className={page}>
      <Card>
        {mayOpenReport ? (
          <Link to="/analytics/redemption" className={reportLink} data-testid="redemption-report-link">
            {intl.formatMessage({ id: 'redemption.report' })} →
          </Link>
        ) : null}
        <h1 className={pageTitle}>{intl.formatMessage({ id: 'redemption.title' })}</h1>
        {supplierId ? null : <Alert tone="info">{intl.formatMessage({ id: 'redemption.noCompany' })}</Alert>}
        <form
          noValidate
          className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
          aria-label={intl.formatMessage({ id: 'redemption.checkForm' })}
          onSubmit={(event) => {
            event.preventDefault();
            void onCheck();
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
          <Button
            type="submit"
            width="full"
            disabled={check.isPending || !supplierId}
            aria-describedby={queued ? queuedId : undefined}
            data-testid="check"
          >
            {intl.formatMessage({ id: check.isPending && !queued ? 'redemption.checking' : 'redemption.check' })}
          </Button>
          {queued ? (
            <p id={queuedId} className={queuedNote} data-testid="check-queued">
              {intl.formatMessage({ id: 'redemption.queued' })}
            </p>
          ) : null}
        </form>
        {/* Screen readers hear the scan and the result without leaving the form. */}
        <p role="status" aria-live="polite" className={css({ srOnly: true })} data-testid="result-summary">
          {scanned ? intl.formatMessage({ id: 'redemption.scanned' }, { number: scanned }) : null}
          {summary}
        </p>
      </Card>

      {view && shown ? (
        <Card aria-labelledby={headingId} data-testid="certificate-card" data-saved={current ? undefined : ''}>
          {/* Saved answers say so, with their age; a fresh one only once the server is out of reach. */}
          <SavedMark updatedAt={dataUpdatedAt} always={!current} />
          {redeemed && view.status !== 'incorrectPin' ? (
            <Alert tone="success">
              <span data-testid="redeem-success">
                {intl.formatMessage(
                  { id: 'redemption.success' },
                  {
                    amount: <Money key="amount" minor={redeemed.amount} currency={view.currency} />,
                    transaction: (
                      <strong key="transaction" data-testid="transaction-number">
                        {redeemed.transactionNumber}
                      </strong>
                    ),
                    balance: <Money key="balance" minor={redeemed.balance} currency={view.currency} testId="new-balance" />,
                  },
                )}
              </span>
            </Alert>
          ) : null}
          <CertificateCard view={view} headingId={headingId}>
            {canRedeem && isRedeemable(view) ? (
              <RedeemForm
                key={`${shown.number}`}
                certificate={view}
                checked={shown}
                onRedeemed={setRedeemed}
                onStale={() => runCheck(shown, true)}
              />
            ) : null}
            {!canRedeem && view.status !== 'incorrectPin' ? (
              <p className={css({ color: 'muted' })} data-testid="check-only">
                {intl.formatMessage({ id: 'redemption.checkOnly' })}
              </p>
            ) : null}
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
