import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Locale, Region, Role, SupplierStatus, UserStatus } from '../../src/contract/enums';

const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
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

/** Minimal for now: later issues add legal and bank data, moderation and more. */
export const suppliers = pgTable(
  'suppliers',
  {
    id: id(),
    name: text('name').notNull(),
    supplierName: text('supplier_name').notNull(),
    country: text('country').notNull(),
    tin: text('tin'),
    webSite: text('web_site'),
    parentId: uuid('parent_id'),
    status: text('status').$type<SupplierStatus>().notNull().default('draft'),
    rejectionReason: text('rejection_reason'),
    createdAt: createdAt(),
  },
  (table) => [index('suppliers_parent_idx').on(table.parentId)],
);

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
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.supplierId] }), index('memberships_supplier_idx').on(table.supplierId)],
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
    /** Set when the token is rotated; presenting it again is reuse. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('refresh_tokens_session_idx').on(table.sessionId)],
);

/** Fixed-window counters, kept in the database so several API processes share them. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
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
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('mail_outbox_due_idx').on(table.status, table.nextAttemptAt), index('mail_outbox_created_idx').on(table.createdAt)],
);

/** Secrets the server makes for itself when the environment gives none (e.g. the JWT key). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
