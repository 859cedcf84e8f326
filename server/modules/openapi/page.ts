import { toJsonSchema } from '@valibot/to-json-schema';
import { html, raw } from 'hono/html';
import type { Operation } from './document';

const schemaText = (operation: Operation) =>
  operation.inputs
    .map((input) => `${input.target}: ${JSON.stringify(toJsonSchema(input.schema, { errorMode: 'ignore' }), null, 2)}`)
    .join('\n\n');

const AUTH_LABEL: Record<NonNullable<Operation['auth']>, string> = { apiKey: 'X-Api-Key', bearer: 'bearer', companyKey: 'company API key' };

/** A readable reference page, rendered on the server: no scripts, so the strict CSP holds. */
export const docsPage = (operations: Operation[]) =>
  html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Certdesk API reference</title>
        <link rel="stylesheet" href="/api/docs.css" />
      </head>
      <body>
        <main>
          <h1>Certdesk API reference</h1>
          <p>
            Success answers <code>{"data": …}</code>; failures answer an HTTP status and
            <code>{"error": {"code", "message", "fields"?}}</code>. The machine-readable description is
            <a href="/api/openapi.json">/api/openapi.json</a>.
          </p>
          ${operations.map(
            (operation) =>
              html`<details>
                <summary>
                  <span class="method ${operation.method}">${operation.method.toUpperCase()}</span>
                  <code>${operation.path}</code> —
                  ${operation.summary}${operation.auth ? raw(` <span class="auth">${AUTH_LABEL[operation.auth]}${operation.scope ? ` (${operation.scope})` : ''}</span>`) : ''}
                </summary>
                ${operation.inputs.length ? html`<pre>${schemaText(operation)}</pre>` : html`<p>No input.</p>`}
              </details>`,
          )}
        </main>
      </body>
    </html>`;

export const docsCss = `body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1d1b26;background:#f7f6fb}
main{max-width:960px;margin:0 auto;padding:24px}
details{background:#fff;border:1px solid #ddd9ee;border-radius:8px;margin:8px 0;padding:8px 12px}
summary{cursor:pointer}
pre{overflow:auto;background:#f2f0fa;padding:12px;border-radius:6px;font-size:13px}
.method{display:inline-block;min-width:48px;font-weight:700;font-size:12px}
.get{color:#0a7d32}.post{color:#4b36c9}
.auth{font-size:12px;color:#7a5c00;background:#fff4cc;border-radius:4px;padding:0 4px}`;
