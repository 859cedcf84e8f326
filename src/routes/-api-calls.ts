import type { Capability } from '@contract/access';
import type { RegisteredRouter, RouteIds } from '@tanstack/react-router';
import type { ApiPath } from '@/lib/api-routes';

/*
 * The API calls each route's screen makes (its layouts' are listed on the layout), for the access walk
 * (tests/unit/access-walk.test.ts, decision 084): a page must open to exactly those whom its calls serve. Kept out of
 * `staticData` because nothing in the app reads it: the route tree every page loads (/login too) stays as small.
 * Every route has an entry (the type says so); a call is checked against the server's routes as the client's are.
 */

/** An API operation as `METHOD path`, the path as the typed client (src/lib/http.ts) names it. */
export type ApiCall = `GET ${ApiPath<'get'>}` | `POST ${ApiPath<'post'>}`;

/**
 * A call the screen makes whenever it shows, or only when the viewer can do something (the screen asks `can()` first),
 * has a company selected, or is signed in (a public page's).
 */
export type PageCall = ApiCall | readonly [ApiCall, Capability | 'company' | 'signedIn'];

type RouteId = RouteIds<RegisteredRouter['routeTree']>;

const ACCOUNT: ApiCall[] = [
  'GET /api/front/user/account/get-info',
  'GET /api/front/user/account/get-settings',
  'GET /api/front/supplier/supplier/index',
  'POST /api/front/auth/logout',
];
const REGISTER: PageCall[] = ['POST /api/front/auth/register-confirm', 'POST /api/front/auth/resend-confirm-email'];
const PRODUCT_STEP: PageCall[] = ['GET /api/front/supplier/catalogue/info', 'POST /api/front/supplier/catalogue/save'];
const ADMIN_PRODUCT_PAGE: PageCall[] = ['GET /api/admin/products/:productId', 'POST /api/admin/products/:productId/save'];
const DOCUMENT: PageCall[] = ['GET /api/front/content/:document'];

export const PAGE_CALLS = {
  // Every screen: the online check, the deployment's integrations, the token's refresh.
  __root__: ['GET /api/health', 'GET /api/front/site', ['POST /api/front/auth/refresh', 'signedIn']],
  '/_app': ACCOUNT,
  '/admin': ACCOUNT,
  '/_auth': [],
  '/_error': [],
  // Signed in, the documents show in the portal's layout.
  '/_public': ACCOUNT.map((call) => [call, 'signedIn'] as const),
  '/_error/403': [],
  '/_error/404': [],
  '/_auth/login': ['POST /api/front/auth/login'],
  '/_auth/register': ['POST /api/front/auth/register', ...REGISTER],
  '/_auth/confirm-email': REGISTER,
  '/_auth/auth-correction': ['GET /api/front/auth/auth-correction', 'POST /api/front/auth/auth-correction'],
  '/_auth/password-reset-email': ['POST /api/front/auth/reset-password'],
  '/_auth/password-reset-code': ['POST /api/front/auth/reset-password', 'POST /api/front/auth/reset-password-confirm'],
  // The new password, once the mailed code has signed the person in.
  '/_auth/password-reset': [['POST /api/front/auth/change-password', 'signedIn']],
  '/_auth/invitation': ['GET /api/front/invitation/check', 'POST /api/front/invitation/accept', 'POST /api/front/invitation/join'],
  '/_public/contacts': DOCUMENT,
  '/_public/content/offer': DOCUMENT,
  '/_public/content/privacy-policy': DOCUMENT,
  '/_app/': [
    ['GET /api/front/analytics/dashboard', 'company'],
    'GET /api/front/user/invitations/list',
    'POST /api/front/user/invitations/accept',
    'POST /api/front/user/invitations/decline',
  ],
  '/_app/account/info': ['POST /api/front/user/account/set-info', 'POST /api/front/auth/change-password'],
  '/_app/account/settings': ['POST /api/front/user/account/set-settings'],
  '/_app/analytics/sales': [
    'GET /api/front/analytics/sales',
    'GET /api/front/analytics/sales/summary',
    'GET /api/front/analytics/sales/export',
    'POST /api/front/analytics/sales/email',
    'GET /api/front/analytics/sales/mails',
  ],
  '/_app/analytics/redemption': [
    'GET /api/front/analytics/redemption',
    'GET /api/front/analytics/redemption/summary',
    'GET /api/front/analytics/redemption/export',
    'POST /api/front/analytics/redemption/email',
    'GET /api/front/analytics/redemption/mails',
  ],
  '/_app/analytics/liability': [
    'GET /api/front/analytics/liability',
    'GET /api/front/analytics/liability/export',
    'POST /api/front/analytics/liability/email',
    'GET /api/front/analytics/liability/mails',
  ],
  '/_app/analytics/audit': ['GET /api/front/audit', 'GET /api/front/audit/export'],
  '/_app/analytics/schedules': [
    'GET /api/front/analytics/schedules/list',
    'POST /api/front/analytics/schedules/create',
    'POST /api/front/analytics/schedules/status',
    'POST /api/front/analytics/schedules/delete',
  ],
  '/_app/redemption': [
    'POST /api/front/redemption/check',
    'GET /api/front/redemption/till',
    ['POST /api/front/redemption/redeem', 'redeem'],
    ['GET /api/front/redemption/history', 'redeem'],
  ],
  '/_app/certificates/': ['GET /api/front/supplier/catalogue/list'],
  '/_app/certificates/$productId': [
    'GET /api/front/supplier/catalogue/info',
    'POST /api/front/supplier/catalogue/submit',
    'POST /api/front/supplier/catalogue/delete',
  ],
  '/_app/certificates/add/': [...PRODUCT_STEP, 'POST /api/front/supplier/catalogue/create'],
  '/_app/certificates/add/denominations': PRODUCT_STEP,
  '/_app/certificates/add/terms': PRODUCT_STEP,
  '/_app/certificates/add/information': PRODUCT_STEP,
  '/_app/certificates/add/images': [
    ...PRODUCT_STEP,
    'POST /api/front/supplier/catalogue/images/upload',
    'POST /api/front/supplier/catalogue/images/order',
    'POST /api/front/supplier/catalogue/images/delete',
    'POST /api/front/supplier/catalogue/submit',
  ],
  '/_app/companies/': ['GET /api/front/supplier/supplier/general-info', 'POST /api/front/supplier/supplier/cancel-create'],
  '/_app/companies/add': [
    'POST /api/front/supplier/supplier/create',
    'GET /api/front/supplier/supplier/general-info',
    'GET /api/front/supplier/supplier/info',
    'POST /api/front/supplier/supplier/update',
    'POST /api/front/supplier/legal-data/add',
    'POST /api/front/supplier/bank-account/add',
    'GET /api/front/supplier/bank/bik',
    'POST /api/front/supplier/supplier/submit',
    'POST /api/front/supplier/supplier/cancel-create',
  ],
  '/_app/companies/supplier/$supplierId': [
    'GET /api/front/supplier/supplier/general-info',
    'GET /api/front/supplier/supplier/info',
    'GET /api/front/supplier/contract/download-accepted-offer',
    'POST /api/front/supplier/supplier/holder-notices',
    'GET /api/front/lookup-alerts/settings',
    'POST /api/front/lookup-alerts/settings',
  ],
  '/_app/users/': ['GET /api/front/supplier/users/list'],
  '/_app/users/add': ['POST /api/front/supplier/users/add'],
  '/_app/users/user/$id': [
    'GET /api/front/supplier/users/info',
    'POST /api/front/supplier/users/roles',
    'POST /api/front/supplier/users/block',
    'POST /api/front/supplier/users/unblock',
    'POST /api/front/supplier/users/resend-invitation',
    'POST /api/front/supplier/users/withdraw-invitation',
  ],
  // The marketing page shows the company's widgets too.
  '/_app/marketing': ['GET /api/front/marketing/products', 'GET /api/front/marketing/poster', 'GET /api/front/widgets/list'],
  '/_app/widgets': ['GET /api/front/widgets/list', 'GET /api/front/widgets/products'],
  '/_app/integrations/webhooks/': ['GET /api/front/webhooks/list', 'POST /api/front/webhooks/add'],
  '/_app/integrations/webhooks/$endpointId': [
    'GET /api/front/webhooks/info',
    'GET /api/front/webhooks/deliveries',
    'POST /api/front/webhooks/edit',
    'POST /api/front/webhooks/status',
    'POST /api/front/webhooks/rotate',
    'POST /api/front/webhooks/delete',
    'POST /api/front/webhooks/resend',
    'POST /api/front/webhooks/test',
  ],
  '/_app/integrations/keys': [
    'GET /api/front/integrations/keys/list',
    'POST /api/front/integrations/keys/create',
    'POST /api/front/integrations/keys/revoke',
  ],
  '/_app/widget/add': ['GET /api/front/widgets/products', 'POST /api/front/widgets/add'],
  '/_app/widget/$widgetId': [
    'GET /api/front/widgets/info',
    'GET /api/front/widgets/products',
    'POST /api/front/widgets/edit',
    'POST /api/front/widgets/status',
  ],
  '/admin/': ['GET /api/admin/suppliers/waiting'],
  '/admin/companies/': ['GET /api/admin/suppliers'],
  '/admin/companies/$supplierId_/audit': ['GET /api/admin/audit', 'GET /api/admin/audit/export'],
  '/admin/companies/$supplierId': [
    'GET /api/admin/suppliers/:supplierId',
    'POST /api/admin/suppliers/:supplierId/approve',
    'POST /api/admin/suppliers/:supplierId/reject',
    'GET /api/admin/suppliers/:supplierId/offer',
  ],
  '/admin/products/': ['GET /api/admin/products'],
  '/admin/products/$productId': [
    'GET /api/admin/products/:productId',
    'POST /api/admin/products/:productId/finish',
    'POST /api/admin/products/:productId/reset',
  ],
  '/admin/products/$productId/': ADMIN_PRODUCT_PAGE,
  '/admin/products/$productId/denominations': ADMIN_PRODUCT_PAGE,
  '/admin/products/$productId/technicalInformation': ADMIN_PRODUCT_PAGE,
} satisfies Record<RouteId, readonly PageCall[]>;
