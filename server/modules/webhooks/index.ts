/**
 * Signed webhooks from a durable outbox (decision 094): the endpoints' routes, the event every change that is
 * reported writes in its own transaction, the worker that delivers, and the housekeeping of old deliveries.
 */
export { webhookRoutes } from './routes';
export { eventBody, recordEvent } from './events';
export { createWebhookWorker, type DisabledEndpoint, type WebhookWorker, type WebhookWorkerOptions } from './worker';
export { deleteOldDeliveries } from './housekeeping';
