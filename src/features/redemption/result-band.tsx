import { formatMoney } from '@contract/money';
import type { RedeemResult } from '@contract/schemas/redemption';
import { css, cva } from '@styled/css';
import type { ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { MessageId } from '@/lib/message-id';
import { Button } from '@/ui/button';
import { useAge } from '@/ui/offline';
import { Money } from './certificate-card';
import type { BandState, RefusalReason, TillResult } from './status';

/** Full width at the top of the result card (it bleeds over the card's padding), large type for arm's length. */
const band = cva({
  base: {
    display: 'flex',
    gap: { base: '3', md: '4' },
    alignItems: 'flex-start',
    mx: { base: '-5', md: '-8' },
    mt: { base: '-5', md: '-8' },
    px: { base: '5', md: '8' },
    py: { base: '4', md: '5' },
    borderTopRadius: 'card',
    borderBottomWidth: '4px',
    color: 'white',
  },
  variants: {
    state: {
      valid: { bg: 'success', borderColor: 'success.text' },
      partial: { bg: 'warning', borderColor: 'warning.text' },
      refused: { bg: 'danger', borderColor: 'danger.text' },
      failed: { bg: 'neutral.soft', color: 'ink', borderColor: 'line' },
      // A saved answer is no verdict: slate, dashed, never the green, amber or red of a live one.
      saved: { bg: '#2f3b4c', borderColor: '#9aa7b8', borderBottomStyle: 'dashed' },
    },
  },
});
const icon = css({ flexShrink: 0, width: { base: '10', md: '12' }, height: { base: '10', md: '12' } });
const body = css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: 0, flex: 1 });
const title = css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', lineHeight: '1.15', overflowWrap: 'anywhere' });
const reasonStyle = css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: 'semibold', lineHeight: '1.25' });
const balanceLabel = css({ fontSize: 'md', fontWeight: 'medium' });
const balanceStyle = css({
  fontSize: { base: '4xl', md: '5xl' },
  fontWeight: 'bold',
  lineHeight: '1.1',
  fontVariantNumeric: 'tabular-nums',
});
const line = css({ fontSize: 'lg', fontWeight: 'medium' });
const facts = css({
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: '8',
  rowGap: '2',
  m: 0,
  '& dt': { fontSize: 'md', fontWeight: 'medium' },
  '& dd': { m: 0, fontSize: 'xl', fontWeight: 'bold', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
});
// Light on the coloured band, so the action reads as part of it; the failed band is light itself.
const bandAction = css({ mt: '2', alignSelf: 'flex-start', bg: 'surface', color: 'ink', borderColor: 'surface' });

const ICON_PATH: Record<BandState | 'saved', string> = {
  valid: 'M7 12.5l3.2 3.2L17 9',
  // A clock's hands: the state of an earlier moment.
  saved: 'M12 7v5l3 2',
  partial: 'M12 7v6M12 16.5v.5',
  refused: 'M8.5 8.5l7 7M15.5 8.5l-7 7',
  failed: 'M16.5 9.5A5 5 0 1 0 17 14M17 6v3.8h-3.8',
};

/** The band's icon: a circled tick, exclamation mark, cross or arrow; the words beside it say the same. */
function BandIcon({ kind }: { kind: BandState | 'saved' | 'done' }) {
  return (
    <svg className={icon} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" aria-hidden="true">
      <circle cx="12" cy="12" r="10.5" strokeWidth="2" />
      <path d={ICON_PATH[kind === 'done' ? 'valid' : kind]} />
    </svg>
  );
}

const REASON_MESSAGE: Record<RefusalReason, MessageId> = {
  expired: 'redemption.reason.expired',
  blocked: 'redemption.reason.blocked',
  redeemed: 'redemption.reason.redeemed',
  incorrectPin: 'redemption.reason.incorrectPin',
  notFound: 'redemption.reason.notFound',
  locked: 'redemption.reason.locked',
  tooManyLookups: 'redemption.reason.tooManyLookups',
};

const TITLE_MESSAGE: Record<BandState, MessageId> = {
  valid: 'redemption.band.valid',
  partial: 'redemption.band.partial',
  refused: 'redemption.band.refused',
  failed: 'redemption.band.failed',
};

/** The band's words: its title and the line under it (the reason, or what to do), for the band and for screen readers. */
export function resultWords(intl: IntlShape, result: TillResult): { title: string; detail: string | null } {
  const titleText = intl.formatMessage({ id: TITLE_MESSAGE[result.state] });
  if (result.state === 'failed')
    return { title: titleText, detail: intl.formatMessage({ id: result.busy ? 'error.SERVER_BUSY' : 'redemption.band.failedText' }) };
  if (result.state === 'refused') {
    const values = {
      date: result.view ? intl.formatDate(result.view.validUntil, { dateStyle: 'long' }) : '',
      minutes: result.retryMinutes ?? 15,
    };
    return { title: titleText, detail: intl.formatMessage({ id: REASON_MESSAGE[result.reason] }, values) };
  }
  const left = result.view.redemptionsLeft;
  const detail =
    result.state === 'partial'
      ? intl.formatMessage({ id: 'redemption.band.lastLeft' })
      : left === null
        ? null
        : intl.formatMessage({ id: 'redemption.band.left' }, { count: left });
  return { title: titleText, detail };
}

interface BandProps {
  state: BandState | 'saved' | 'done';
  titleId: string;
  titleText: ReactNode;
  children?: ReactNode;
}

function Band({ state, titleId, titleText, children }: BandProps) {
  return (
    <div className={band({ state: state === 'done' ? 'valid' : state })} data-testid="result-band" data-state={state}>
      <BandIcon kind={state} />
      <div className={body}>
        <p id={titleId} className={title}>
          {titleText}
        </p>
        {children}
      </div>
    </div>
  );
}

interface ResultBandProps {
  result: TillResult;
  titleId: string;
  /** Runs the same check again (a check that got no answer). */
  onRetry: () => void;
  retrying: boolean;
  /** Clears the till for the next certificate (shown on a refusal). */
  onNext: () => void;
  /** When the answer shown is a saved one (offline): the time it was the server's, shown as its age. */
  savedAt?: number | undefined;
}

/** Decision 64: the result in one band — green valid with the balance, amber last redemption, red "do not accept" with the reason. */
export function ResultBand({ result, titleId, onRetry, retrying, onNext, savedAt }: ResultBandProps) {
  const intl = useIntl();
  const age = useAge(savedAt);
  const { title: titleText, detail } = resultWords(intl, result);
  const serverStatus =
    result.state === 'failed'
      ? undefined
      : result.state === 'refused' && result.reason === 'incorrectPin'
        ? 'incorrectPin'
        : result.view?.status;
  const status = serverStatus ? <span hidden data-testid="certificate-status" data-status={serverStatus} /> : null;
  // Issue 35: a saved answer never looks like a live verdict. It says what it is and how old, then what the server
  // said then, smaller; accepting the certificate on it is the cashier's risk, and the band says why.
  if (savedAt !== undefined && age && result.state !== 'failed')
    return (
      <Band state="saved" titleId={titleId} titleText={intl.formatMessage({ id: 'redemption.band.saved' })}>
        {status}
        <p className={reasonStyle} data-testid="saved-age">
          {intl.formatMessage({ id: 'redemption.band.savedAge' }, { age })}
        </p>
        <p className={line}>{intl.formatMessage({ id: 'redemption.band.savedWhy' })}</p>
        <p className={line} data-testid="saved-verdict" data-state={result.state}>
          {intl.formatMessage({ id: 'redemption.band.savedThen' }, { verdict: detail ? `${titleText}. ${detail}` : titleText })}
        </p>
        {result.view ? (
          <p className={line}>
            {intl.formatMessage({ id: 'redemption.band.savedBalance' })}{' '}
            <Money minor={result.view.balance} currency={result.view.currency} testId="balance" />
          </p>
        ) : null}
      </Band>
    );
  return (
    <Band state={result.state} titleId={titleId} titleText={titleText}>
      {/* The status the server answered, for tests and tools; people read the band. */}
      {status}
      {result.state === 'valid' || result.state === 'partial' ? (
        <>
          <span className={balanceLabel}>{intl.formatMessage({ id: 'redemption.balance' })}</span>
          <Money minor={result.view.balance} currency={result.view.currency} testId="balance" className={balanceStyle} />
        </>
      ) : null}
      {detail ? (
        <p
          className={result.state === 'refused' ? reasonStyle : line}
          data-testid="result-reason"
          data-reason={result.state === 'refused' ? result.reason : undefined}
        >
          {detail}
        </p>
      ) : null}
      {result.state === 'failed' ? (
        <Button tone="secondary" className={bandAction} onClick={onRetry} disabled={retrying} data-testid="retry-check">
          {intl.formatMessage({ id: retrying ? 'redemption.checking' : 'redemption.retry' })}
        </Button>
      ) : null}
      {result.state === 'refused' && result.reason !== 'incorrectPin' ? (
        <Button tone="secondary" className={bandAction} onClick={onNext} data-testid="next-certificate">
          {intl.formatMessage({ id: 'redemption.next' })}
        </Button>
      ) : null}
    </Band>
  );
}

/** After a redemption: what was done (amount, transaction, new balance), in view until the next certificate. */
export function RedeemedBand({
  redeemed,
  currency,
  titleId,
  onNext,
}: {
  redeemed: RedeemResult;
  currency: string;
  titleId: string;
  onNext: () => void;
}) {
  const intl = useIntl();
  return (
    <Band
      state="done"
      titleId={titleId}
      titleText={intl.formatMessage({ id: 'redemption.done' }, { amount: formatMoney(redeemed.amount, currency, intl.locale) })}
    >
      <dl className={facts} data-testid="redeem-success">
        <div>
          <dt>{intl.formatMessage({ id: 'redemption.transaction' })}</dt>
          <dd data-testid="transaction-number">{redeemed.transactionNumber}</dd>
        </div>
        <div>
          <dt>{intl.formatMessage({ id: 'redemption.newBalance' })}</dt>
          <dd>
            <Money minor={redeemed.balance} currency={currency} testId="new-balance" />
          </dd>
        </div>
      </dl>
      <Button tone="secondary" className={bandAction} onClick={onNext} data-testid="next-certificate">
        {intl.formatMessage({ id: 'redemption.next' })}
      </Button>
    </Band>
  );
}
