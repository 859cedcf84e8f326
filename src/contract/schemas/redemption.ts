import * as v from 'valibot';
import { LANGUAGES } from '../enums';
import { normalizeCertificateNumber } from '../redemption';
import { email, oneOf, requiredText, token } from './fields';

export const certificateNumber = v.pipe(
  v.string((issue) => (issue.input === undefined || issue.input === null ? 'REQUIRED' : 'WRONG_TYPE')),
  v.maxLength(128, 'TOO_LONG'),
  v.transform(normalizeCertificateNumber),
  v.nonEmpty('REQUIRED'),
  v.maxLength(64, 'TOO_LONG'),
  v.regex(/^[0-9A-Z]+$/, 'CERTIFICATE_NUMBER_INVALID'),
);

export const pin = v.optional(v.pipe(v.string('WRONG_TYPE'), v.trim(), v.maxLength(32, 'TOO_LONG')), '');

export const supplierId = v.pipe(
  v.string((issue) => (issue.input === undefined || issue.input === null ? 'REQUIRED' : 'WRONG_TYPE')),
  v.uuid('SUPPLIER_NOT_FOUND'),
);

/** Money in the API is an integer count of minor units: 5000 means 50.00. */
export const amount = v.pipe(
  v.number((issue) => (issue.input === undefined || issue.input === null ? 'REQUIRED' : 'WRONG_TYPE')),
  v.integer('AMOUNT_NOT_INTEGER'),
  v.minValue(1, 'AMOUNT_TOO_SMALL'),
  v.maxValue(1_000_000_000, 'AMOUNT_EXCEEDS_BALANCE'),
);

export const checkBody = v.object({ supplierId, number: certificateNumber, pin });
export const redeemBody = v.object({ supplierId, number: certificateNumber, pin, amount });

/** Visible ASCII only (the PWA sends a UUID): a header value that every proxy and log passes unchanged. */
const idempotencyKey = v.pipe(token, v.maxLength(255, 'TOO_LONG'), v.regex(/^[\x21-\x7E]+$/, 'WRONG_TYPE'));
/** The redeem call's headers, by the lower-case names the server reads them under. */
export const redeemHeaders = v.object({ 'idempotency-key': idempotencyKey });

export const supplierQuery = v.object({ supplierId });

/** The register API's (decision 093): the company is the API key's, never named in a request. */
export const keyCheckBody = v.object({ number: certificateNumber, pin });
export const keyRedeemBody = v.object({ number: certificateNumber, pin, amount });
export const certificateParam = v.object({ number: certificateNumber });

export const pageNumber = (fallback: number, max: number) =>
  v.optional(
    v.pipe(
      v.string('WRONG_TYPE'),
      v.regex(/^\d{1,6}$/, 'WRONG_TYPE'),
      v.transform(Number),
      v.minValue(1, 'VALUE_TOO_SMALL'),
      v.maxValue(max, 'VALUE_TOO_LARGE'),
      // The OpenAPI document's word for it (decision 082): a whole number within the bounds, sent as text like any query.
      v.metadata({ type: 'integer', minimum: 1, maximum: max }),
    ),
    String(fallback),
  );
/** A switch in a query string: `1` on, `0` or absent off. */
const queryFlag = v.optional(
  v.pipe(
    v.picklist(['0', '1'], 'WRONG_TYPE'),
    v.transform((value) => value === '1'),
  ),
  '0',
);

/**
 * The company's redemptions, newest first; `today`: only those of the company's
 * day so far (its time zone), `mine`: only the caller's. Those who may not see
 * everyone's (decision 065) always get their own.
 */
export const historyQuery = v.object({
  supplierId,
  page: pageNumber(1, 100_000),
  pageSize: pageNumber(50, 200),
  today: queryFlag,
  mine: queryFlag,
});

/** A certificate's ledger through the register API, newest first. */
export const keyHistoryQuery = v.object({ page: pageNumber(1, 100_000), pageSize: pageNumber(50, 200) });

export const issueBody = v.object({
  productId: v.pipe(v.string('WRONG_TYPE'), v.uuid('ITEM_NOT_FOUND')),
  denomination: v.pipe(
    v.number('WRONG_TYPE'),
    v.integer('AMOUNT_NOT_INTEGER'),
    v.minValue(1, 'AMOUNT_TOO_SMALL'),
    v.maxValue(100_000_000, 'VALUE_TOO_LARGE'),
  ),
  quantity: v.pipe(v.number('WRONG_TYPE'), v.integer('WRONG_TYPE'), v.minValue(1, 'VALUE_TOO_SMALL'), v.maxValue(1000, 'VALUE_TOO_LARGE')),
  orderNumber: requiredText(64),
  channel: requiredText(64),
  /** The order's parameter (e.g. the recipient's name), kept with each certificate for the sales report. */
  parameter: v.optional(requiredText(200)),
  /** Who holds the certificates: told the balance after each redemption, in their language (decision 096). */
  holderEmail: v.optional(email),
  holderLanguage: v.optional(oneOf(LANGUAGES)),
});

export const CHECK_STATUSES = ['active', 'redeemed', 'expired', 'incorrectPin', 'blocked'] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];
export const checkStatus = oneOf(CHECK_STATUSES);

export interface RedemptionEntry {
  date: string;
  /** Minor units. */
  amount: number;
  transactionNumber: string;
}

/** SPEC §3 "Certificate (redemption view)". A wrong PIN answers only the status. */
export type CertificateView =
  | { status: 'incorrectPin'; number: string }
  | {
      status: Exclude<CheckStatus, 'incorrectPin'>;
      id: string;
      number: string;
      product: { id: string; name: string };
      orderNumber: string;
      purchaseDate: string;
      validUntil: string;
      /** Minor units, like balance. */
      denomination: number;
      balance: number;
      currency: string;
      /** Null: unlimited. */
      redemptionsLeft: number | null;
      /** The cardholder's address for balance notices, masked (decision 096); null when none was given. */
      holder: string | null;
      history: RedemptionEntry[];
    };

export interface RedeemResult {
  transactionNumber: string;
  amount: number;
  balance: number;
  certificate: CertificateView;
}

/** SPEC §3 "Redemption report row". */
export interface RedemptionReportRow {
  transactionId: string;
  orderNumber: string;
  certificateId: string;
  certificateNumber: string;
  date: string;
  sum: number;
  currency: string;
  status: 'success' | 'error';
  errorCode: string | null;
  user: string;
}

/** A history row: the report's, with who redeemed by name. */
export interface RedemptionHistoryRow extends RedemptionReportRow {
  userName: string;
}

/** The history's answer: `mine` says whose rows these are (the caller's only, or everyone's); times belong to `timeZone`. */
export interface RedemptionHistory extends Page<RedemptionHistoryRow> {
  mine: boolean;
  timeZone: string;
}

/**
 * What the till's screen adapts to per company: `numericCodes`, every live product's codes are digits (decision 065);
 * `timeZone`, the company's, in which the card shows its dates as the till's history and the reports do.
 */
export interface TillSettings {
  numericCodes: boolean;
  timeZone: string;
}

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

export interface ProductSummary {
  id: string;
  name: string;
  pinRequired: boolean;
  redemptionLimit: number | null;
  codePattern: string | null;
  pinPattern: string | null;
}

export interface IssuedCertificate {
  number: string;
  pin: string | null;
  denomination: number;
  currency: string;
  validUntil: string;
}
