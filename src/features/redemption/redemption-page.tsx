import { can } from '@contract/access';
import { normalizeCertificateNumber } from '@contract/redemption';
import type { RedeemResult } from '@contract/schemas/redemption';
import { css } from '@styled/css';
import { Link, useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { viewerOf } from '@/lib/access';
import { useDraftedState } from '@/lib/drafts';
import { HttpError } from '@/lib/http';
import { useErrorText, useFailureText } from '@/lib/i18n';
import { useOnline } from '@/lib/online';
import { userStore } from '@/lib/session';
import { selectableSuppliers, selectedSupplier, supplierStore } from '@/lib/suppliers';
import { useStore } from '@/lib/use-store';
import { verdict } from '@/lib/verdict';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';
import { Alert, Card, pageTitle } from '@/ui/layout';
import { LineIcon } from '@/ui/line-icon';
import { SavedMark } from '@/ui/offline';
import { CertificateCard, Money } from './certificate-card';
import { canCheckNumber, numberState } from './certificate-number';
import { pinDigest } from './check-key';
import { useCheckedCertificate, useCheckMutation, useDropQueuedChecks, type CheckTarget } from './queries';
import { RedeemForm } from './redeem-form';
import { RedeemedBand, ResultBand, resultWords } from './result-band';
import { isRedeemable, resultOfFailure, resultOfView, type TillResult } from './status';
import { TillHistory } from './till-history';
import { useCompanyTimeZone, useNumberInputMode } from './till-settings';
import { vibrate } from './vibrate';

// The camera code and its reader load only when the scanner opens.
const Scanner = lazy(() => import('./scanner'));

const page = css({ display: 'flex', flexDirection: 'column', gap: { base: '3', md: '5' }, maxWidth: '720px', mx: 'auto', width: '100%' });
const validHint = css({ color: 'success', fontWeight: 'medium' });
const reportLink = css({ alignSelf: 'flex-end', display: 'inline-flex', alignItems: 'center', minHeight: 'touch', fontWeight: 'medium' });
const queuedNote = css({ color: 'muted', fontSize: 'sm', fontWeight: 'medium' });
// Scan first (decision 64): the camera is the till's main way in, typing the fallback; smaller once a result is shown.
const scanLarge = css({ minHeight: '16', fontSize: 'xl' });
// Below the sticky header when scrolled to (the header is 64 px high).
const resultCard = css({ scrollMarginTop: '20', scrollMarginBottom: '3' });

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
  const viewer = viewerOf(user, suppliers);
  const canRedeem = can(viewer, 'redeem');
  // Without a company the till cannot work; what to say depends on whether there is one to pick.
  const noCompanyId = supplierId
    ? null
    : user.user?.isStaff === true
      ? 'redemption.noCompanyStaff'
      : selectableSuppliers(suppliers.items).length > 0
        ? 'redemption.noCompany'
        : 'redemption.noCompanyNone';
  // SPEC §2's report link, shown to those whom the report's route lets in (its own access rule).
  const reportAccess = useRouter().routesById['/_app/analytics/redemption'].options.staticData?.access;
  const mayOpenReport = reportAccess !== undefined && verdict(reportAccess, viewer) === 'open';

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
  // The last number came from the camera: "Next certificate" opens it again (decision 64).
  const scanMode = useRef(false);
  // A check that got no usable answer: the band says why (and offers to run it again) until the next edit.
  const [failure, setFailure] = useState<{ target: CheckTarget; result: TillResult } | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const resultTitleId = useId();

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
  const numberInputMode = useNumberInputMode(supplierId);
  const timeZone = useCompanyTimeZone(supplierId);
  const serverFields = check.error instanceof HttpError ? check.error.fields : {};
  const numberError: string | null =
    state === 'invalid'
      ? intl.formatMessage({ id: 'redemption.numberInvalid' })
      : submitted && state === 'empty'
        ? errorText('REQUIRED')
        : errorText(serverFields.number);
  const pinError = view?.status === 'incorrectPin' ? errorText('INCORRECT_PIN') : errorText(serverFields.pin);
  // Failures with a band of their own (an unknown number, a lock, no answer) are not repeated in the form.
  const formFailure = check.error && Object.keys(serverFields).length === 0 && !resultOfFailure(check.error) ? check.error : null;
  const result: TillResult | null =
    view && shown ? resultOfView(view) : failure && failure.target.supplierId === supplierId ? failure.result : null;

  // The till opens ready for a USB scanner or a keyboard (decision 087): the number field has the focus where the
  // pointer is fine; on touch screens it would only open the on-screen keyboard over the scan button.
  useEffect(() => {
    if (matchMedia('(pointer: fine)').matches) numberRef.current?.focus({ preventScroll: true });
  }, []);

  // After a check the result comes into view, band first (decision 64). A wrong PIN sends the person back to
  // the PIN; with a keyboard (a fine pointer) the amount takes the focus, but not on touch screens, where the
  // on-screen keyboard would cover the result.
  const revealAfterCheck = useRef(false);
  useEffect(() => {
    if (!result || !revealAfterCheck.current) return;
    revealAfterCheck.current = false;
    if (result.state === 'refused' && result.reason === 'incorrectPin') pinRef.current?.focus({ preventScroll: true });
    else if (matchMedia('(pointer: fine)').matches)
      resultRef.current?.querySelector<HTMLInputElement>('input[name=amount]')?.focus({ preventScroll: true });
    resultRef.current?.scrollIntoView({ block: 'nearest' });
  }, [result]);

  // After a redemption the confirmation stays in view and the amount field is gone: "Next certificate" has the focus.
  useEffect(() => {
    if (!redeemed) return;
    resultRef.current?.querySelector<HTMLButtonElement>('[data-testid=next-certificate]')?.focus({ preventScroll: true });
    resultRef.current?.scrollIntoView({ block: 'nearest' });
  }, [redeemed]);

  const announce = (next: TillResult) => {
    revealAfterCheck.current = true;
    vibrate(next.state === 'valid' || next.state === 'partial' ? 'success' : 'refusal');
  };

  const runCheck = (target: CheckTarget, quiet = false) =>
    check.mutate(target, {
      onSuccess: (answer) => {
        setChecked(target);
        setFailure(null);
        if (quiet) return;
        setRedeemed(null);
        announce(resultOfView(answer));
      },
      onError: (error) => {
        const failed = resultOfFailure(error);
        setFailure(failed ? { target, result: failed } : null);
        if (failed && !quiet) announce(failed);
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
    setFailure(null);
    dropQueuedChecks();
    check.reset();
  };

  // One tap to the next customer: number, PIN and result go; the camera opens again if the last number was scanned.
  const nextCertificate = () => {
    setNumber('');
    setPin('');
    setSubmitted(false);
    edited();
    if (scanMode.current) openScanner();
    else numberRef.current?.focus();
  };

  const onRedeemed = (done: RedeemResult) => {
    setRedeemed(done);
    vibrate('success');
  };

  const onScan = (value: string) => {
    setNumber(normalizeCertificateNumber(value));
    edited();
    setScanned(normalizeCertificateNumber(value));
    scanMode.current = true;
    afterScanner.current = 'pin';
    setScannerOpen(false);
  };

  const openScanner = () => {
    afterScanner.current = 'number';
    setScannerUsed(true);
    setScannerOpen(true);
  };

  const currency = view && view.status !== 'incorrectPin' ? view.currency : null;
  const savedAnswer = Boolean(view && shown && !current);
  const resultText = result ? resultWords(intl, result) : null;
  // Screen readers hear a saved answer as such first, like the band shows it (issue 35).
  const words =
    resultText && savedAnswer
      ? { ...resultText, title: `${intl.formatMessage({ id: 'redemption.band.saved' })}. ${resultText.title}` }
      : resultText;
  const summary =
    redeemed && currency
      ? intl.formatMessage(
          { id: 'redemption.success' },
          {
            amount: <Money key="amount" minor={redeemed.amount} currency={currency} />,
            transaction: redeemed.transactionNumber,
            balance: <Money key="balance" minor={redeemed.balance} currency={currency} />,
          },
        )
      : result && words
        ? result.state === 'valid' || result.state === 'partial'
          ? intl.formatMessage(
              { id: 'redemption.summary' },
              { status: words.title, balance: <Money key="balance" minor={result.view.balance} currency={result.view.currency} /> },
            )
          : [words.title, words.detail].filter(Boolean).join('. ')
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
        {noCompanyId ? (
          <Alert tone="info">
            <span data-testid="no-company">{intl.formatMessage({ id: noCompanyId })}</span>
          </Alert>
        ) : null}
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
          <Button
            width="full"
            className={result ? undefined : scanLarge}
            onClick={openScanner}
            disabled={!supplierId}
            data-testid="scan"
            aria-haspopup="dialog"
          >
            <ScanIcon />
            {intl.formatMessage({ id: 'redemption.scan' })}
          </Button>
          <TextField
            ref={numberRef}
            label={intl.formatMessage({ id: 'redemption.number' })}
            name="number"
            inputMode={numberInputMode}
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
              ) : state === 'invalid' || result ? null : (
                intl.formatMessage({ id: 'redemption.numberHint' })
              )
            }
            onChange={(event) => {
              setNumber(event.target.value);
              scanMode.current = false;
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
            tone="secondary"
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

      {result ? (
        <div ref={resultRef} className={resultCard}>
          <Card
            aria-labelledby={view && shown ? `${resultTitleId} ${headingId}` : resultTitleId}
            data-testid="certificate-card"
            data-saved={view && shown && !current ? '' : undefined}
          >
            {redeemed && currency ? (
              <RedeemedBand redeemed={redeemed} currency={currency} titleId={resultTitleId} onNext={nextCertificate} />
            ) : (
              <ResultBand
                result={result}
                titleId={resultTitleId}
                onRetry={() => failure && runCheck(failure.target)}
                retrying={check.isPending}
                onNext={nextCertificate}
                savedAt={savedAnswer ? dataUpdatedAt : undefined}
              />
            )}
            {/* A saved answer's band says what it is; a fresh one says its age once the server is out of reach. */}
            {view && current ? <SavedMark updatedAt={dataUpdatedAt} /> : null}
            {view && shown ? (
              <CertificateCard view={view} headingId={headingId} balanceInBand={!redeemed} timeZone={timeZone}>
                {canRedeem && isRedeemable(view) && !redeemed ? (
                  <RedeemForm
                    key={`${shown.number}`}
                    certificate={view}
                    checked={shown}
                    onRedeemed={onRedeemed}
                    onStale={() => runCheck(shown, true)}
                  />
                ) : null}
                {!canRedeem && view.status !== 'incorrectPin' ? (
                  <p className={css({ color: 'muted' })} data-testid="check-only">
                    {intl.formatMessage({ id: 'redemption.checkOnly' })}
                  </p>
                ) : null}
              </CertificateCard>
            ) : null}
          </Card>
        </div>
      ) : null}

      {supplierId ? <TillHistory supplierId={supplierId} mayOpenReport={mayOpenReport} /> : null}

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

/** A camera outline beside the scan action's words. */
const ScanIcon = () => (
  <LineIcon path="M4 8V6a2 2 0 0 1 2-2h2M16 4h2a2 2 0 0 1 2 2v2M20 16v2a2 2 0 0 1-2 2h-2M8 20H6a2 2 0 0 1-2-2v-2M7 12h10" />
);
