/**
 * Signed webhooks (issue 32, decision 094): a company's endpoints, the events they subscribe to, and the log of what
 * was sent to them. Deliveries follow the Standard Webhooks convention (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, secrets `whsec_<base64>`).
 */

/** What an endpoint may subscribe to. */
export const WEBHOOK_EVENTS = [
  'certificate.redeemed',
  'certificate.issued',
  'product.approved',
  'product.rejected',
  'company.approved',
  'company.rejected',
  'user.blocked',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
/** The test event an admin sends from the endpoint's page: to that endpoint only, whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export type WebhookDeliveryEventType = WebhookEventType | typeof WEBHOOK_TEST_EVENT;

/** `disabled`: by an admin, or by the server after a run of failures (`disabledReason`). */
export const WEBHOOK_ENDPOINT_STATUSES = ['enabled', 'disabled'] as const;
export type WebhookEndpointStatus = (typeof WEBHOOK_ENDPOINT_STATUSES)[number];
export type WebhookDisabledReason = 'admin' | 'failures';

/** `pending`: waiting its turn or its next try; `delivered`: a 2xx came back; `failed`: given up after its tries. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** A company registers at most this many endpoints. */
export const WEBHOOK_ENDPOINTS_MAX = 10;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 100;
export const WEBHOOK_DELIVERY_PAGE_SIZE = 20;
/** How long the secret before a rotation still signs (both signatures go in the header). */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;

export interface WebhookEndpointView {
  id: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  status: WebhookEndpointStatus;
  disabledReason: WebhookDisabledReason | null;
  /** Until when the secret before the last rotation still signs; null when none does. */
  previousSecretUntil: string | null;
  createdAt: string;
  /** The latest delivery's state and time, for the list. */
  lastDelivery: { status: WebhookDeliveryStatus; at: string } | null;
}

/** The answer to creating an endpoint or rotating its secret: the only time the secret is shown. */
export interface WebhookSecretAnswer {
  endpoint: WebhookEndpointView;
  secret: string;
}

export interface WebhookDeliveryView {
  id: string;
  eventId: string;
  type: WebhookDeliveryEventType;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** The receiver's HTTP status on the last try; null when none came (refused, timed out, address not allowed). */
  responseStatus: number | null;
  /** How long the last try took, in milliseconds. */
  durationMs: number | null;
  /** What went wrong on the last try when no status says it (`timeout`, `connection refused`…), or a reply's start. */
  error: string | null;
  createdAt: string;
  lastAttemptAt: string | null;
  nextAttemptAt: string | null;
  /** The event's body as sent (JSON text). */
  payload: string;
}

export interface WebhookDeliveryList {
  items: WebhookDeliveryView[];
  page: number;
  pageSize: number;
  total: number;
}

/** What each event's `data` holds. Amounts are minor units, as everywhere in the API; times are ISO 8601. */
export interface WebhookEventData {
  'certificate.redeemed': {
    certificateId: string;
    number: string;
    orderNumber: string;
    transactionNumber: string;
    amount: number;
    currency: string;
    /** The balance after this redemption. */
    balance: number;
    redeemedAt: string;
    /** Who redeemed: a till's user, or a register through the company's API key (the other is null). */
    userId: string | null;
    apiKeyId: string | null;
  };
  'certificate.issued': {
    number: string;
    orderNumber: string;
    productId: string;
    denomination: number;
    currency: string;
    validUntil: string;
    channel: string;
  };
  'product.approved': { productId: string; name: string; comment: string };
  'product.rejected': { productId: string; name: string; comment: string };
  'company.approved': { supplierId: string; name: string };
  'company.rejected': { supplierId: string; name: string; reason: string };
  'user.blocked': { userId: string; email: string };
  'webhook.test': { endpointId: string };
}

/** The body of every delivery: what happened, when, and its data; `id` is also the `webhook-id` header. */
export interface WebhookBody<T extends WebhookDeliveryEventType = WebhookDeliveryEventType> {
  id: string;
  type: T;
  timestamp: string;
  supplierId: string;
  data: WebhookEventData[T];
}
