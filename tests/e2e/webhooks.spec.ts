import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { DEMO, seriousViolations, signIn } from './helpers';

/**
 * Decision 094 in the browser: the demo admin registers a webhook endpoint (a receiver this test starts on
 * 127.0.0.1), copies its secret from the one screen that shows it, sends the test event and reads its delivery in the
 * log; the receiver checks the signature with that secret. At a phone's width and a desktop's, axe clean. The cabinet
 * is Russian (the demo admin's language): the test goes by test ids and attributes.
 */

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

async function startReceiver(): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received, server };
}

/** Standard Webhooks' check: HMAC-SHA256 of "id.timestamp.body" with the secret's base64 bytes, one of the v1 signatures. */
const signedBy = (secret: string, { headers, body }: Received): boolean => {
  const expected = createHmac('sha256', Buffer.from(secret.replace(/^whsec_/, ''), 'base64'))
    .update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${body}`)
    .digest('base64');
  return String(headers['webhook-signature'])
    .split(' ')
    .some((part) => part === `v1,${expected}`);
};

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
])
  test(`at ${viewport.width}×${viewport.height} the admin registers an endpoint, sends the test event and reads it in the delivery log`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const receiver = await startReceiver();
    const context = await browser.newContext({ viewport, hasTouch: viewport.width < 500, isMobile: viewport.width < 500 });
    try {
      const page = await context.newPage();
      await signIn(page, DEMO.admin);
      if (viewport.width >= 1024) {
        await page.getByTestId('side-menu').locator('[data-menu-id=webhooks]').first().click();
        await expect(page).toHaveURL(/\/integrations\/webhooks$/);
      } else {
        await page.goto('/integrations/webhooks');
      }
      await expect(page.getByTestId('webhooks-add')).toBeEnabled();
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByTestId('webhooks-add').click();
      const form = page.getByTestId('webhook-add-form');
      // A refusal keeps what was typed and says why at the field.
      await form.locator('[name=url]').fill('ftp://example.com/in');
      await form.getByTestId('webhook-add-submit').click();
      await expect(form.locator('[data-field-error=url]')).toBeVisible();
      await expect(form.locator('[name=url]')).toHaveValue('ftp://example.com/in');
      expect(await seriousViolations(page)).toEqual([]);
      await form.locator('[name=url]').fill(receiver.url);
      await form.locator('[name=description]').fill(`Till system ${viewport.width}`);
      await form.getByTestId('webhook-add-submit').click();

      const secret = await page.getByTestId('webhook-secret-value').inputValue();
      expect(secret).toMatch(/^whsec_/);
      await page.getByTestId('webhook-open-created').click();
      await expect(page).toHaveURL(/\/integrations\/webhooks\/[0-9a-f-]{36}$/);
      await expect(page.getByTestId('webhook-title')).toHaveText(`Till system ${viewport.width}`);
      // The secret is not shown again.
      await expect(page.getByTestId('webhook-secret')).toHaveCount(0);
      await expect(page.getByTestId('delivery-log')).toHaveCount(0);

      await page.getByTestId('webhook-send-test').click();
      const row = page.getByTestId('delivery-row').first();
      await expect(row).toHaveAttribute('data-type', 'webhook.test');
      await expect(row).toHaveAttribute('data-status', 'delivered', { timeout: 20_000 });
      await expect(row.getByTestId('delivery-reply')).toHaveText('200');
      expect(receiver.received).toHaveLength(1);
      expect(signedBy(secret, receiver.received[0]!)).toBe(true);
      expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({ type: 'webhook.test' });
      expect(await seriousViolations(page)).toEqual([]);

      // Tidy up: the demo company keeps at most ten endpoints.
      await page.getByTestId('webhook-delete').click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Удалить адрес' }).click();
      await expect(page).toHaveURL(/\/integrations\/webhooks$/);
    } finally {
      await context.close();
      await new Promise((resolve) => receiver.server.close(resolve));
    }
  });
