import { randomBytes, randomUUID } from 'node:crypto';
import type { ErrorCode } from '@contract/errors';
import type { RedeemResult } from '@contract/schemas/redemption';
import { sql } from 'drizzle-orm';
import { prepared } from '../../db/prepared';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import { errorAnswer, type Answer, type StoredAnswer } from '../../lib/idempotency';
import { eventBody } from '../webhooks';
import type { Actor } from './actor';
import { holderNotice } from './holder-notice';
import { counters } from './limits';
import type { TillRead } from './lookup';
import { certificateView, HISTORY_LIMIT, type HistoryEntry, type ProductRow, type ShownCertificate } from './view';

type RedeemAnswer = Answer<RedeemResult>;

const transactionNumber = (now: Date) =>
  `R${now.toISOString().slice(2, 10).replaceAll('-', '')}${randomBytes(5).toString('hex').toUpperCase()}`;

/** JSON carries dates as text. */
type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] };

/** What `certdesk_redeem` stores as the key's answer (drizzle/0021_redeem_function.sql). */
type Facts =
  | { refusal: ErrorCode }
  | {
      at: string;
      transactionNumber: string;
      amount: number;
      certificate: Json<ShownCertificate>;
      product: Pick<ProductRow, 'id' | 'name'>;
      history: Json<HistoryEntry>[];
    };

/** The answer to a successful redemption: the certificate as it stands after it. */
export function redeemed(
  entry: { transactionNumber: string; amount: number },
  certificate: ShownCertificate,
  product: Pick<ProductRow, 'id' | 'name'>,
  history: HistoryEntry[],
  now: Date,
): RedeemAnswer {
  const view = certificateView(certificate, product, history, now);
  return {
    status: 200,
    body: { data: { transactionNumber: entry.transactionNumber, amount: entry.amount, balance: certificate.balance, certificate: view } },
  };
}

const refused = (code: ErrorCode): RedeemAnswer =>
  errorAnswer(new AppError(code, code === 'AMOUNT_EXCEEDS_BALANCE' ? { fields: { amount: code } } : {}));

const dated = <T extends { createdAt: string }>(entry: T) => ({ ...entry, createdAt: new Date(entry.createdAt) });

/**
 * The answer a stored text stands for: the facts the call stored, derived by this pure function the first time and
 * on every replay (so both are the same bytes), or an answer stored as sent (a refusal before the call).
 */
export function answerOfStored(stored: StoredAnswer<RedeemResult>): StoredAnswer<RedeemResult> {
  if (!stored.text.startsWith('{"facts"')) return stored;
  const { facts } = JSON.parse(stored.text) as { facts: Facts };
  let answer: RedeemAnswer;
  if ('refusal' in facts) answer = refused(facts.refusal);
  else {
    const { certificate } = facts;
    const row = { ...certificate, purchasedAt: new Date(certificate.purchasedAt), validUntil: new Date(certificate.validUntil) };
    answer = redeemed(facts, row, facts.product, facts.history.map(dated), new Date(facts.at));
  }
  return { status: answer.status, text: JSON.stringify(answer.body) as StoredAnswer<RedeemResult>['text'] };
}

/** The call's placeholders, in the function's order. */
const PARAMETERS = [
  ['owner', 'uuid'],
  ['key', 'text'],
  ['requestHash', 'text'],
  ['attempt', 'uuid'],
  ['counterKeys', 'text[]'],
  ['counterMax', 'integer[]'],
  ['certificateId', 'uuid'],
  ['amount', 'integer'],
  ['now', 'timestamptz'],
  ['transactionNumber', 'text'],
  ['userId', 'uuid'],
  ['apiKeyId', 'uuid'],
  ['historyLimit', 'integer'],
  ['eventId', 'uuid'],
  ['eventHead', 'text'],
  ['eventTail', 'text'],
  ['mailTo', 'text'],
  ['mailSubject', 'text'],
  ['mailText', 'text'],
  ['mailHtml', 'text'],
  ['mailBalance', 'integer'],
] as const;
type CallParameters = Record<(typeof PARAMETERS)[number][0], unknown>;

export type Outcome = 'done' | 'in_progress' | 'reused' | 'busy' | 'limited';

const redeemCall = prepared((db) =>
  db
    .select({ outcome: sql<Outcome>`outcome`, status: sql<number | null>`status`, body: sql<string | null>`body` })
    .from(
      sql`certdesk_redeem(${sql.join(
        PARAMETERS.map(([name, type]) => sql`${sql.placeholder(name)}::${sql.raw(type)}`),
        sql`, `,
      )})`,
    )
    .prepare('redeem_call'),
);

/** The balance the event's text names is the one left after the debit: the call writes it between these two parts. */
const BALANCE_MARK = Number.MIN_SAFE_INTEGER;

export interface SpendRequest {
  owner: string;
  key: string;
  requestHash: string;
  /** The step-by-step path's attempt that holds the key; null: the call claims it and decides the counters. */
  attempt: string | null;
  actor: Actor;
  amount: number;
}

/** Raised by the call when the notice was rendered for a balance another redemption changed meanwhile. */
const isStaleNotice = (error: unknown): boolean => {
  const code = (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
  return code === 'CD001';
};

/**
 * The redemption of a read certificate whose PIN was accepted, in one call (decision 101). The notice is rendered
 * for the balance the read predicts; if another redemption changed it meanwhile the call writes nothing and the
 * certificate is read again (`reread`) for the next try.
 */
export async function spend(
  deps: Deps,
  read: TillRead & { found: NonNullable<TillRead['found']> },
  request: SpendRequest,
  reread: () => Promise<TillRead>,
): Promise<{ outcome: Outcome; stored: StoredAnswer<RedeemResult> | null }> {
  const { actor, amount } = request;
  let found = read.found;
  for (;;) {
    const now = deps.now();
    const { certificate, product, company } = found;
    const number = transactionNumber(now);
    const eventId = randomUUID();
    const [eventHead, eventTail] = eventBody(
      eventId,
      certificate.supplierId,
      'certificate.redeemed',
      {
        certificateId: certificate.id,
        number: certificate.number,
        orderNumber: certificate.orderNumber,
        transactionNumber: number,
        amount,
        currency: certificate.currency,
        balance: BALANCE_MARK,
        redeemedAt: now.toISOString(),
        userId: actor.userId,
        apiKeyId: actor.apiKeyId,
      },
      now,
    ).split(String(BALANCE_MARK));
    const notice = holderNotice(certificate, product, company, amount, now);
    const limits = [counters.failedLookups(actor), counters.wrongPins(certificate.number)];
    const parameters: CallParameters = {
      owner: request.owner,
      key: request.key,
      requestHash: request.requestHash,
      attempt: request.attempt,
      counterKeys: limits.map((counter) => counter.key),
      counterMax: limits.map((counter) => counter.limit.max),
      certificateId: certificate.id,
      amount,
      now: now.toISOString(),
      transactionNumber: number,
      userId: actor.userId,
      apiKeyId: actor.apiKeyId,
      historyLimit: HISTORY_LIMIT,
      eventId,
      eventHead,
      eventTail,
      mailTo: notice?.to ?? null,
      mailSubject: notice?.mail.subject ?? null,
      mailText: notice?.mail.text ?? null,
      mailHtml: notice?.mail.html ?? null,
      mailBalance: notice?.balance ?? null,
    };
    try {
      const [row] = await redeemCall(deps.db).execute(parameters);
      const { outcome, status, body } = row!;
      const stored = body === null ? null : answerOfStored({ status: status!, text: body as StoredAnswer<RedeemResult>['text'] });
      return { outcome, stored };
    } catch (error) {
      if (!isStaleNotice(error)) throw error;
      const again = await reread();
      if (!again.found) throw error;
      found = again.found;
    }
  }
}
