import { expect, test } from '@playwright/test';
import { createUser, dataOf, DEMO, signIn, tokenOf } from './helpers';

/**
 * The one paged list (src/ui/paged-list.tsx, decision 085) on real data: the search lives in the address (typing
 * replaces the entry, a reload keeps it), a search that matches nobody says so and clears, the pages show only past
 * one page and paging is a step back can undo, and an empty list says so with its one action.
 */

test('a search in the address: no match says so and clears, survives a reload, and typing does not add history', async ({ page }) => {
  await signIn(page, DEMO.admin);
  const home = page.url();
  await page.getByTestId('side-menu').locator('[data-menu-id=users]').first().click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByTestId('member-row').first()).toBeVisible();
  // The demo company's handful of people fit one page: no pagination.
  await expect(page.getByTestId('pagination')).toHaveCount(0);

  await page.getByTestId('users-search').fill('nobody-such-person');
  await expect(page).toHaveURL(/\/users\?search=nobody-such-person$/);
  const noMatch = page.getByTestId('users-no-match');
  await expect(noMatch).toContainText('nobody-such-person');
  await expect(page.getByTestId('users-table')).toHaveCount(0);

  await page.reload();
  await expect(noMatch).toContainText('nobody-such-person');
  await expect(page.getByTestId('users-search')).toHaveValue('nobody-such-person');

  // Typing replaced the list's entry: one step back leaves the list.
  await page.goBack();
  await expect(page).toHaveURL(home);
  await page.goForward();
  await expect(noMatch).toBeVisible();

  await noMatch.getByRole('button').click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByTestId('users-search')).toHaveValue('');
  await expect(page.getByTestId('member-row').first()).toBeVisible();
  await expect(page.getByTestId('users-no-match')).toHaveCount(0);
});

test('past one page the pagination appears, and paging is a step back can undo', async ({ page, request }) => {
  await signIn(page, DEMO.admin);
  // The company the portal selected is the one its list asks for; the widgets are made in another one (the demo
  // branch sells a certificate), so that lists other tests read at the same time keep their rows on page 1.
  const asked = page.waitForRequest(/\/api\/front\/widgets\/list\?/);
  await page.goto('/widgets');
  const selected = new URL((await asked).url()).searchParams.get('supplierId');
  const headers = { Authorization: `Bearer ${await tokenOf(request, DEMO.admin)}` };
  interface Company {
    supplierId: string;
    status: string;
    childrenSupplierList?: { children: Company[] };
  }
  const { supplierItems } = await dataOf<{ supplierItems: Company[] }>(
    await request.get('/api/front/supplier/supplier/index', { headers }),
  );
  const flat = (items: Company[]): Company[] => items.flatMap((item) => [item, ...flat(item.childrenSupplierList?.children ?? [])]);
  let supplierId = '';
  let product: { id: string; denominations: number[] } | undefined;
  for (const company of flat(supplierItems).filter((item) => item.status === 'active' && item.supplierId !== selected)) {
    [product] = await dataOf<{ id: string; denominations: number[] }[]>(
      await request.get('/api/front/widgets/products', { headers, params: { supplierId: company.supplierId } }),
    );
    supplierId = company.supplierId;
    if (product) break;
  }
  expect(product).toBeDefined();

  const list = await dataOf<{ total: number; pageSize: number }>(
    await request.get('/api/front/widgets/list', { headers, params: { supplierId } }),
  );
  for (let made = list.total; made <= list.pageSize; made++) {
    const answer = await request.post('/api/front/widgets/add', {
      headers,
      data: {
        supplierId,
        name: `Page ${made}`,
        productId: product!.id,
        denominations: product!.denominations,
        colour: '#1d4ed8',
        language: 'en',
      },
    });
    expect(answer.ok()).toBeTruthy();
  }

  // The portal keeps the selected company in the browser's storage (src/lib/suppliers.ts).
  await page.evaluate((id) => localStorage.setItem('certdesk.supplierId', JSON.stringify(id)), supplierId);
  await page.reload();
  const rows = page.getByTestId('widget-row');
  await expect(rows).toHaveCount(list.pageSize);
  const first = await rows.first().getAttribute('data-widget-id');
  const pagination = page.getByTestId('pagination');
  await expect(pagination).toBeVisible();
  await pagination.locator('[data-part=next-trigger]').click();
  await expect(page).toHaveURL(/\/widgets\?page=2$/);
  // The second page's rows replace the first's (newest first: page 2 starts elsewhere).
  await expect(rows.first()).not.toHaveAttribute('data-widget-id', first!);
  await expect(page.getByTestId('widget-table')).not.toHaveAttribute('aria-busy', 'true');

  await page.goBack();
  await expect(page).toHaveURL(/\/widgets$/);
  await expect(rows.first()).toHaveAttribute('data-widget-id', first!);
  await expect(rows).toHaveCount(list.pageSize);
});

test('an empty list says so with its one action', async ({ page, request }) => {
  const user = await createUser(request, 'empty-list', 'en-US');
  await signIn(page, user.email, user.password);
  await page.goto('/companies');
  const empty = page.getByTestId('companies-empty');
  await expect(empty).toBeVisible();
  await expect(page.getByTestId('companies-tree')).toHaveCount(0);
  await expect(page.getByTestId('pagination')).toHaveCount(0);
  await empty.getByRole('link').click();
  await expect(page).toHaveURL(/\/companies\/add/);
});
