import {
  addWebhookBody,
  editWebhookBody,
  webhookDeliveriesQuery,
  webhookEndpointBody,
  webhookEndpointQuery,
  webhookListQuery,
  webhookResendBody,
  webhookStatusBody,
} from '@contract/schemas/webhooks';
import type { Deps } from '../../deps';
import { describe, validate } from '../../http/validate';
import { signedInRoutes } from '../auth';
import * as service from './service';

const tag = 'webhooks';
const can = 'manageIntegrations';

/** The selected company's webhook endpoints and their delivery log, for its admins (decision 094): under /api/front/webhooks. */
export const webhookRoutes = (deps: Deps) =>
  signedInRoutes(deps)
    .get(
      '/list',
      describe({ tag, can, summary: "The company's webhook endpoints, newest first, each with its latest delivery" }),
      validate('query', webhookListQuery),
      async (c) => c.json({ data: await service.listEndpoints(deps, c.var.auth, c.req.valid('query')) }),
    )
    .get(
      '/info',
      describe({ tag, can, summary: 'One endpoint: its address, events and state' }),
      validate('query', webhookEndpointQuery),
      async (c) => c.json({ data: await service.endpointInfo(deps, c.var.auth, c.req.valid('query')) }),
    )
    .get(
      '/deliveries',
      describe({ tag, can, summary: "An endpoint's deliveries, newest first: status, reply code, duration, tries, body" }),
      validate('query', webhookDeliveriesQuery),
      async (c) => c.json({ data: await service.listDeliveries(deps, c.var.auth, c.req.valid('query')) }),
    )
    .post(
      '/add',
      describe({
        tag,
        can,
        summary: 'Register an endpoint (https, a public host) for some events; the answer holds its signing secret, shown only this once',
      }),
      validate('json', addWebhookBody),
      async (c) => c.json({ data: await service.addEndpoint(deps, c.var.auth, c.req.valid('json')) }),
    )
    .post(
      '/edit',
      describe({ tag, can, summary: "Change an endpoint's description and events" }),
      validate('json', editWebhookBody),
      async (c) => c.json({ data: await service.editEndpoint(deps, c.var.auth, c.req.valid('json')) }),
    )
    .post(
      '/status',
      describe({ tag, can, summary: 'Enable an endpoint (what waited is sent, in order) or disable it' }),
      validate('json', webhookStatusBody),
      async (c) => c.json({ data: await service.setEndpointStatus(deps, c.var.auth, c.req.valid('json')) }),
    )
    .post(
      '/rotate',
      describe({ tag, can, summary: 'A new signing secret, shown once; the previous one also signs for 24 hours' }),
      validate('json', webhookEndpointBody),
      async (c) => c.json({ data: await service.rotateSecret(deps, c.var.auth, c.req.valid('json')) }),
    )
    .post(
      '/delete',
      describe({ tag, can, summary: 'Delete an endpoint and its delivery log' }),
      validate('json', webhookEndpointBody),
      async (c) => c.json({ data: await service.deleteEndpoint(deps, c.var.auth, c.req.valid('json')) }),
    )
    .post(
      '/resend',
      describe({ tag, can, summary: 'Send a delivered or failed event again (same webhook-id), after the endpoint’s others' }),
      validate('json', webhookResendBody),
      async (c) => c.json({ data: await service.resendDelivery(deps, c.var.auth, c.req.valid('json')) }),
    )
    .post(
      '/test',
      describe({ tag, can, summary: 'Send a webhook.test event to this endpoint' }),
      validate('json', webhookEndpointBody),
      async (c) => c.json({ data: await service.sendTestEvent(deps, c.var.auth, c.req.valid('json')) }),
    );
