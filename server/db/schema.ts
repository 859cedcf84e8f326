import type { Report } from '@contract/analytics';
import type { ApiKeyScope } from '@contract/api-keys';
import type { IMAGE_TYPES, ModerationNote, ProductActivity, ProductData, ProductStatus, ProductStep } from '@contract/catalogue';
import type { BankData, LegalData, LegalType, ModerationEvent } from '@contract/company';
import type { Country, Language, Locale, MembershipStatus, Region, Role, SupplierStatus, UserStatus } from '@contract/enums';
import type { LookupAlertSubject } from '@contract/lookup-alerts';
import type { MailTopic } from '@contract/mail';
import type { ReportRunStatus, ScheduleFrequency, ScheduleStatus } from '@contract/report-schedules';
import type {
  WebhookDeliveryEventType,
  WebhookDeliveryStatus,
  WebhookDisabledReason,
  WebhookEndpointStatus,
  WebhookEventType,
} from '@contract/webhooks';
import type { WidgetStatus } from '@contract/widgets';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const id = () =>
  uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    secondName: text('second_name').notNull(),
    phone: text('phone').notNull(),
    region: text('region').$type<Region>().notNull(),
    status: text('status').$type<UserStatus>().notNull().default('pending'),
    /** Marketplace staff: may use the admin area (moderation). */
    isStaff: boolean('is_staff').notNull().default(false),
    preferredLanguage: text('preferred_language').$type<Locale>().notNull(),
    preferredColor: text('preferred_color'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_key').on(table.email)],
);

/** Raw bytes (a stored PDF); the pg driver gives a Buffer, PGlite a Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** A company (docs/spec.md §3, §4; decision 50): what step 1 asks, then legal and bank data, then moderation. */
export const suppliers = pgTable(
  'suppliers',
  {
    id: id(),
    /** The short name typed at step 1. */
    name: text('name').notNull(),
    /** The full legal name once legal data exists, else the short name: what lists show. */
    supplierName: text('supplier_name').notNull(),
    country: text('country').$type<Country>().notNull(),
    tin: text('tin'),
    /**
     * The legal data's OGRN or OGRNIP (RU), kept here for its unique index (decision 078); null without one. A
     * duplicate that existed before the index keeps its legal data with null here, until its next change.
     */
    ogrn: text('ogrn'),
    webSite: text('web_site'),
    // Only an active company is a parent, and one with branches is never deleted (decision 078).
    parentId: uuid('parent_id').references((): AnyPgColumn => suppliers.id, { onDelete: 'restrict' }),
    status: text('status').$type<SupplierStatus>().notNull().default('draft'),
    rejectionReason: text('rejection_reason'),
    legalType: text('legal_type').$type<LegalType>(),
    legalData: jsonb('legal_data').$type<LegalData>(),
    bankData: jsonb('bank_data').$type<BankData>(),
    /** The interface language of the last submission: moderation mails and the offer speak it. */
    language: text('language').$type<Locale>(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** Counts every change: a submission renders the offer first, then commits only if nothing changed meanwhile. */
    revision: integer('revision').notNull().default(0),
    /** Whether cardholders with an address get a balance notice after each redemption (decision 096). */
    holderNotices: boolean('holder_notices').notNull().default(true),
    /**
     * Failed-lookup alerts (decision 097): the admins are mailed when a till gathers more failures than `till`, or a
     * certificate more than `certificate`, within `window` minutes. The defaults are LOOKUP_ALERT_DEFAULTS.
     */
    lookupAlertTillMax: integer('lookup_alert_till_max').notNull().default(10),
    lookupAlertCertificateMax: integer('lookup_alert_certificate_max').notNull().default(5),
    lookupAlertWindowMinutes: integer('lookup_alert_window_minutes').notNull().default(60),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('suppliers_parent_idx').on(table.parentId),
    // One company per tax id and country, also when two creations race: the second insert fails here.
    uniqueIndex('suppliers_country_tin_key').on(table.country, table.tin),
    // One company per OGRN (an OGRNIP has 15 digits, an OGRN 13: they never clash), racing requests included.
    uniqueIndex('suppliers_ogrn_key').on(table.ogrn),
    index('suppliers_status_idx').on(table.status, table.submittedAt),
  ],
);

/** The partner offer as the company accepted it at its last submission: the exact PDF, kept to be downloaded again. */
export const acceptedOffers = pgTable('accepted_offers', {
  supplierId: uuid('supplier_id')
    .primaryKey()
    .references(() => suppliers.id, { onDelete: 'cascade' }),
  fileName: text('file_name').notNull(),
  language: text('language').$type<Locale>().notNull(),
  acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
  content: bytea('content').notNull(),
});

/** A company's moderation history: each submission and each staff decision, oldest first. */
export const moderationEvents = pgTable(
  'moderation_events',
  {
    id: id(),
    /** Orders the history: several events may share a timestamp. */
    seq: integer('seq').generatedAlwaysAsIdentity().notNull(),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    action: text('action').$type<ModerationEvent['action']>().notNull(),
    reason: text('reason'),
    language: text('language').$type<Locale>(),
    /** Who submitted or decided; kept when the user is deleted, as the audit log keeps it. */
    userId: uuid('user_id'),
    createdAt: createdAt(),
  },
  (table) => [index('moderation_events_supplier_idx').on(table.supplierId, table.seq)],
);

/** The Central Bank's BIK directory (ED807), loaded by `npm run bik:load`: a RU bank account's BIK must be in it. */
export const bikDirectory = pgTable('bik_directory', {
  bik: text('bik').primaryKey(),
  bankName: text('bank_name').notNull(),
  /** Empty for participants without one (the Bank of Russia's own offices, the Treasury). */
  correspondentAccount: text('correspondent_account').notNull().default(''),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
});

export const memberships = pgTable(
  'memberships',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    roles: text('roles').array().$type<Role[]>().notNull(),
    /** Per company (decision 53): a block here leaves the person's other companies alone. */
    status: text('status').$type<MembershipStatus>().notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.supplierId] }), index('memberships_supplier_idx').on(table.supplierId)],
);

/**
 * An invitation to a company (decisions 53, 074): the person joins only by accepting it, so until then there is no
 * membership and the company sees only what it typed here. The link's token is stored hashed; resending replaces
 * the row's token, so an older link stops working.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** What the membership will be once accepted. */
    roles: text('roles').array().$type<Role[]>().notNull(),
    /** The names and phone as the company typed them: an existing account's own are not the company's to see. */
    firstName: text('first_name').notNull(),
    secondName: text('second_name').notNull(),
    phone: text('phone').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('invitations_token_key').on(table.tokenHash),
    uniqueIndex('invitations_member_key').on(table.userId, table.supplierId),
  ],
);

/** One-time codes sent by mail (registration, password reset). */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: id(),
    purpose: text('purpose').$type<'register' | 'reset'>().notNull(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    /** Hash of the token in the e-mail's link (auth-correction), when the mail has one. */
    linkTokenHash: text('link_token_hash'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('email_codes_lookup_idx').on(table.purpose, table.email, table.createdAt)],
);

/** A login: every refresh token it rotates through belongs to it. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    /** Set by a confirmed reset code: until then, one password change needs no current password. */
    passwordResetUntil: timestamp('password_reset_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    /** SHA-256 of the token: the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    /** Set when the token is rotated, or to the epoch when it is retired unused (decision 48); presenting it again is reuse. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('refresh_tokens_session_idx').on(table.sessionId)],
);

/** Fixed-window counters, kept in the database so several API processes share them. */
/** Fixed-window counters (server/lib/rate-limit.ts); a row whose window has ended means nothing and is deleted. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  /** When the window ends. */
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status').$type<'pending' | 'sent' | 'failed' | 'logged'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The SMTP server's reply to the last failed try (a 550 refusal, a 451), or what kept it from answering. */
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * What a mail someone sent is about, so its fate is shown to them (decision 082): the company, who sent it, and
     * its topic with what of (a report: 'sales' or 'redemption'; an invitation: the invited person's id). Null for
     * the mails nobody sends by hand (codes, moderation).
     */
    supplierId: uuid('supplier_id').references(() => suppliers.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    topic: text('topic').$type<MailTopic>(),
    reference: text('reference'),
    createdAt: createdAt(),
  },
  (table) => [
    index('mail_outbox_due_idx').on(table.status, table.nextAttemptAt),
    index('mail_outbox_created_idx').on(table.createdAt),
    index('mail_outbox_about_idx').on(table.supplierId, table.topic, table.reference, table.createdAt),
  ],
);

/** Files sent with an outbox message (an e-mailed report), removed with it. */
export const mailAttachments = pgTable(
  'mail_attachments',
  {
    id: id(),
    mailId: uuid('mail_id')
      .notNull()
      .references(() => mailOutbox.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
  },
  (table) => [index('mail_attachments_mail_idx').on(table.mailId)],
);

/** Secrets the server makes for itself when the environment gives none (e.g. the JWT key). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** What redemption needs of a catalogue product; the catalogue section adds the rest (docs/spec.md §3). */
/**
 * A product of the catalogue (decision 055). `data` is the working copy the company edits and the moderator
 * reviews; `live` is the approved copy that is on sale, kept while a newer working copy is edited or moderated.
 * The till's rules of the live copy are also columns (read on every check and redeem without parsing JSON).
 */
export const products = pgTable(
  'products',
  {
    id: id(),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    /** The name on sale: the live copy's, or the working copy's until the first approval. */
    name: text('name').notNull(),
    status: text('status').$type<ProductStatus>().notNull().default('draft'),
    data: jsonb('data').$type<ProductData>().notNull(),
    live: jsonb('live').$type<ProductData>(),
    completedSteps: text('completed_steps')
      .array()
      .$type<ProductStep[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    activity: text('activity').$type<ProductActivity>().notNull().default('active'),
    sorting: integer('sorting').notNull().default(0),
    /** Null when not set; unique when set. */
    symbolicCode: text('symbolic_code'),
    showOnMainPage: boolean('show_on_main_page').notNull().default(false),
    moderationComment: text('moderation_comment').notNull().default(''),
    history: jsonb('history')
      .$type<ModerationNote[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    pinRequired: boolean('pin_required').notNull().default(true),
    /** RE2 patterns of the live copy (provider codes); null: any number the platform issued. */
    codePattern: text('code_pattern'),
    pinPattern: text('pin_pattern'),
    /** How many redemptions one certificate allows; null is unlimited. */
    redemptionLimit: integer('redemption_limit'),
    createdAt: createdAt(),
  },
  (table) => [
    index('products_supplier_idx').on(table.supplierId),
    index('products_status_idx').on(table.status, table.submittedAt),
    uniqueIndex('products_symbolic_code_key').on(table.symbolicCode),
  ],
);

/** A product's image: the file as uploaded (checked by content) and a server-made thumbnail. Never changed, only deleted. */
export const productImages = pgTable(
  'product_images',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    mime: text('mime').$type<(typeof IMAGE_TYPES)[number]>().notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    content: bytea('content').notNull(),
    thumb: bytea('thumb').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('product_images_product_idx').on(table.productId)],
);

/** An issued certificate. Money is integer minor units; the balance changes only with a ledger entry. */
export const certificates = pgTable(
  'certificates',
  {
    id: id(),
    number: text('number').notNull(),
    /** Keyed hash of the PIN; null when the product needs none. */
    pinHash: text('pin_hash'),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    status: text('status').$type<'active' | 'redeemed' | 'blocked'>().notNull().default('active'),
    orderNumber: text('order_number').notNull(),
    channel: text('channel').notNull(),
    purchasedAt: timestamp('purchased_at', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    denomination: integer('denomination').notNull(),
    balance: integer('balance').notNull(),
    /** Null: unlimited. */
    redemptionsLeft: integer('redemptions_left'),
    currency: text('currency').notNull(),
    /** The order parameter the marketplace passed with it (e.g. the recipient), shown in the sales report. */
    parameter: text('parameter'),
    /** Where the cardholder's balance notices go (decision 096), in their language; null: nobody is told. */
    holderEmail: text('holder_email'),
    holderLanguage: text('holder_language').$type<Language>(),
    createdAt: createdAt(),
  },
  (table) => [
    // text_pattern_ops: the till's exact lookup, and the reports' search by a number's beginning in any collation (decision 057).
    uniqueIndex('certificates_number_key').on(table.number.op('text_pattern_ops')),
    // The sales report reads a company's certificates by purchase date (decision 056); the money columns after the
    // unique id change no order but let its count, totals and chart read the index alone (decision 057).
    index('certificates_supplier_purchased_idx').on(
      table.supplierId,
      table.purchasedAt,
      table.id,
      table.denomination,
      table.balance,
      table.validUntil,
    ),
    // The liability reads what is still owed: unspent certificates by expiry, with what it groups and sums.
    index('certificates_supplier_owed_idx')
      .on(table.supplierId, table.validUntil, table.productId, table.purchasedAt, table.balance)
      .where(sql`${table.balance} > 0`),
    index('certificates_order_idx').on(table.orderNumber),
    // The reports' search by an order number's beginning, in any case.
    index('certificates_supplier_order_search_idx').on(table.supplierId, sql`lower(${table.orderNumber}) text_pattern_ops`),
    check('certificates_balance_range', sql`${table.balance} >= 0 AND ${table.balance} <= ${table.denomination}`),
  ],
);

/**
 * A company's API key (decision 093): its own systems check and redeem with it. Only a digest of the secret is kept;
 * the prefix finds the row without the secret, which is then compared in constant time. A revoked key stays, as the
 * ledger entries it wrote point at it.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** `cdk_` and the secret's first 8 characters: shown in the list, looked up by. */
    prefix: text('prefix').notNull(),
    /** SHA-256 of the whole key (256 random bits: a plain digest is enough). */
    secretHash: text('secret_hash').notNull(),
    scopes: text('scopes').array().$type<ApiKeyScope[]>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('api_keys_prefix_idx').on(table.prefix),
    uniqueIndex('api_keys_secret_hash_key').on(table.secretHash),
    index('api_keys_supplier_idx').on(table.supplierId, table.createdAt),
  ],
);

/** The redemption ledger: every attempt to spend, successful or not. */
export const redemptions = pgTable(
  'redemptions',
  {
    id: id(),
    transactionNumber: text('transaction_number').notNull(),
    certificateId: uuid('certificate_id')
      .notNull()
      .references(() => certificates.id),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    /** Who redeemed: a person at the till, or a company's API key (decision 093); exactly one of the two. */
    userId: uuid('user_id').references(() => users.id),
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id),
    amount: integer('amount').notNull(),
    // The certificate's number, order and currency, copied when the entry is written (they never change): the ledger
    // and its export read no certificate (decision 057).
    certificateNumber: text('certificate_number').notNull(),
    orderNumber: text('order_number').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<'success' | 'error'>().notNull(),
    errorCode: text('error_code'),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('redemptions_transaction_key').on(table.transactionNumber),
    index('redemptions_certificate_idx').on(table.certificateId, table.createdAt),
    // The redemption report: a company's ledger by time, with id for its keyset order and what its totals read (decision 057).
    index('redemptions_supplier_idx').on(table.supplierId, table.createdAt, table.id, table.status, table.amount),
    check('redemptions_one_actor', sql`(${table.userId} IS NULL) <> (${table.apiKeyId} IS NULL)`),
  ],
);

/** Idempotency-Key records: the first answer is kept and replayed. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Whose key it is: the person's id, or for the register API the company API key's (decision 093). */
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state').$type<'running' | 'done'>().notNull(),
    /** The attempt that holds a running key: a takeover gives it to a new one, and only the holder may commit. */
    attempt: uuid('attempt').notNull().defaultRandom(),
    /** When the holding attempt claimed the key: it is thought dead once this is old enough. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    responseStatus: integer('response_status'),
    /** The first answer's exact text: jsonb would reorder its keys, and a replay must be the same bytes. */
    responseBody: text('response_body'),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] })],
);

/** Orders of the marketplace's issuing API, so that a repeated order issues nothing new. */
export const partnerOrders = pgTable('partner_orders', {
  orderNumber: text('order_number').primaryKey(),
  requestHash: text('request_hash').notNull(),
  /** The first answer, PINs included, encrypted with the server key. */
  sealedResponse: text('sealed_response'),
  createdAt: createdAt(),
});

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    action: text('action').notNull(),
    userId: uuid('user_id'),
    supplierId: uuid('supplier_id'),
    certificateId: uuid('certificate_id'),
    /** The person an access change is about (`userId` is who made it): a member's history reads these. */
    subjectUserId: uuid('subject_user_id'),
    /** The company's API key that acted, where no person did (decision 093). */
    apiKeyId: uuid('api_key_id'),
    details: jsonb('details'),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_log_created_idx').on(table.createdAt),
    index('audit_log_subject_idx').on(table.supplierId, table.subjectUserId, table.createdAt),
    // A company's log, newest first (issue 33).
    index('audit_log_supplier_created_idx').on(table.supplierId, table.createdAt),
  ],
);

/**
 * Failed-lookup alerts (decision 097): one row per subject (a person, an API key, a certificate) and window of its
 * company's counter. The unique key decides, among parallel failing requests, the one that mails the admins.
 */
export const lookupAlerts = pgTable(
  'lookup_alerts',
  {
    id: id(),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    subjectKind: text('subject_kind').$type<LookupAlertSubject>().notNull(),
    /** The person's, the key's or the certificate's id (no foreign key: the alert outlives neither, and says so). */
    subjectId: uuid('subject_id').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    windowEnd: timestamp('window_end', { withTimezone: true }).notNull(),
    /** The failures counted when the threshold was passed. */
    failures: integer('failures').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('lookup_alerts_window_key').on(table.supplierId, table.subjectKind, table.subjectId, table.windowStart),
    // The dashboard's recent alerts, newest first.
    index('lookup_alerts_supplier_created_idx').on(table.supplierId, table.createdAt),
  ],
);

/** A sales widget: one approved product offered on the supplier's own site (decision 58). */
export const widgets = pgTable(
  'widgets',
  {
    id: id(),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The widget's own name in the portal's lists (decision 088); '' reads as the product's name. */
    name: text('name').notNull().default(''),
    /** The amounts offered, in minor units: a subset of the product's denominations. */
    denominations: integer('denominations').array().notNull(),
    /** `#RRGGBB`. */
    colour: text('colour').notNull(),
    language: text('language').$type<Language>().notNull(),
    status: text('status').$type<WidgetStatus>().notNull().default('active'),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('widgets_supplier_idx').on(table.supplierId, table.createdAt)],
);

/**
 * A company's webhook endpoint (decision 094): where its events are POSTed, signed with its secret. Secrets are
 * stored sealed (the server must sign with them); the one before a rotation signs too until `previousSecretUntil`.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().$type<WebhookEventType[]>().notNull(),
    status: text('status').$type<WebhookEndpointStatus>().notNull().default('enabled'),
    disabledReason: text('disabled_reason').$type<WebhookDisabledReason>(),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretUntil: timestamp('previous_secret_until', { withTimezone: true }),
    /** The run of failed tries since the last delivered one: its length and when it began (null: none). */
    failures: integer('failures').notNull().default(0),
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhook_endpoints_supplier_idx').on(table.supplierId, table.createdAt)],
);

/** An event as it is sent: `body` is the exact JSON text that is signed, written with the change it reports. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: id(),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    type: text('type').$type<WebhookDeliveryEventType>().notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('webhook_events_created_idx').on(table.createdAt)],
);

/**
 * One event for one endpoint: the outbox the webhook worker drains. `seq` orders an endpoint's deliveries: one is sent
 * only when none before it is pending, so a receiver gets its events in order.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    /** The last try's HTTP status (null: no answer), how long it took, and what went wrong. */
    responseStatus: integer('response_status'),
    durationMs: integer('duration_ms'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('webhook_deliveries_due_idx').on(table.status, table.nextAttemptAt),
    index('webhook_deliveries_endpoint_idx').on(table.endpointId, table.seq),
    index('webhook_deliveries_event_idx').on(table.eventId),
  ],
);

/**
 * A report mailed every week or month (decision 098): the company's, to these addresses, in this language. `activeFrom`:
 * when it was made or last resumed; only periods that end after it are sent.
 */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: id(),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    report: text('report').$type<Report>().notNull(),
    frequency: text('frequency').$type<ScheduleFrequency>().notNull(),
    recipients: text('recipients').array().notNull(),
    language: text('language').$type<Language>().notNull(),
    status: text('status').$type<ScheduleStatus>().notNull().default('active'),
    activeFrom: timestamp('active_from', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('report_schedules_supplier_idx').on(table.supplierId, table.createdAt),
    index('report_schedules_status_idx').on(table.status),
  ],
);

/**
 * One period of a schedule, handled once (decision 098): the row is claimed in the transaction that queues the mails,
 * so its unique key is what makes a run happen once whatever the processes, and a crash before the commit leaves it due.
 */
export const reportRuns = pgTable(
  'report_runs',
  {
    id: id(),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => reportSchedules.id, { onDelete: 'cascade' }),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    status: text('status').$type<ReportRunStatus>().notNull(),
    rows: integer('rows').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('report_runs_period_key').on(table.scheduleId, table.periodFrom)],
);
