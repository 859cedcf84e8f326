import { IMAGE_HEIGHT, IMAGE_WIDTH } from '@contract/catalogue';
import { LANGUAGES } from '@contract/enums';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../server/db/schema';
import { addDemoCover, productData, productRow } from '../../server/seed-products';
import { pngBomb } from '../support/png';
import { createTestApp, type TestApp } from './support/app';
import { expectError } from './support/auth';
import { productWithStoredCover } from './support/catalogue';
import { pdfText } from './support/pdf';
import { companyWithAdmin, supplierIdOf } from './support/users';

const MARKETING = '/api/front/marketing';

const fixed = (values: number[]) => ({
  denominations: {
    kind: 'fixed' as const,
    items: values.map((value) => ({ value, description: '', externalId: '' })),
    showDescriptionInPdf: false,
  },
});

describe('marketing posters (issue 14)', () => {
  let test: TestApp;
  let admin: string;
  let supplierId: string;
  let approvedId: string;
  let draftId: string;

  beforeAll(async () => {
    test = await createTestApp();
    admin = (await test.login('admin@demo.test')).accessToken;
    supplierId = await supplierIdOf(test, 'Demo Gifts');
    const [approved] = await test.database.db
      .insert(products)
      .values(productRow(supplierId, productData('Poster Spa Day', fixed([100_000, 300_000]))))
      .returning({ id: products.id, name: products.name });
    await test.database.db.transaction((tx) => addDemoCover(tx, approved!, '#7a3cc4'));
    approvedId = approved!.id;
    const [draft] = await test.database.db
      .insert(products)
      .values(productRow(supplierId, productData('Poster Draft'), { live: false }))
      .returning({ id: products.id });
    draftId = draft!.id;
  });
  afterAll(async () => {
    await test?.close();
  });

  const poster = (token: string | undefined, query: Record<string, string>) =>
    test.call('GET', `${MARKETING}/poster?${new URLSearchParams(query).toString()}`, { token });
  const posterPdf = async (token: string, query: Record<string, string>) => {
    const response = await test.app.request(`${MARKETING}/poster?${new URLSearchParams(query).toString()}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    return { response, pdf: new Uint8Array(await response.arrayBuffer()) };
  };

  it('lists the approved certificates only', async () => {
    const answer = await test.call('GET', `${MARKETING}/products?supplierId=${supplierId}`, { token: admin });
    expect(answer.status, answer.text).toBe(200);
    const names = (answer.body.data as { id: string; name: string }[]).map((product) => product.name);
    expect(names).toContain('Poster Spa Day');
    expect(names).not.toContain('Poster Draft');
  });

  it('prints an A4 poster with the name, the amounts, the cover and the QR code of the purchase page, in the language asked', async () => {
    const { response, pdf } = await posterPdf(admin, { supplierId, productId: approvedId, language: 'ru' });
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="certdesk-poster-${approvedId.slice(0, 8)}-ru.pdf"`);
    const source = Buffer.from(pdf).toString('latin1');
    // A4 in points, one page; two image XObjects: the cover and the QR code.
    expect(source).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    expect(source.match(/\/Subtype \/Image/g)?.length).toBeGreaterThanOrEqual(2);
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    for (const expected of [
      'Poster Spa Day',
      'ПОДАРОЧНЫЙ СЕРТИФИКАТ',
      'Номиналы',
      'купите сертификат онлайн',
      `certificates/${approvedId}`,
    ])
      expect(text).toContain(expected);
    expect(text.replace(/\s/g, '')).toMatch(/1000₽·3000₽/);

    const kazakh = pdfText((await posterPdf(admin, { supplierId, productId: approvedId, language: 'kz' })).pdf);
    expect(kazakh.replace(/\s+/g, ' ')).toContain('Сыйлық сертификаты'.toUpperCase());
  });

  it('prints one A4 page in every language, a long name and many amounts included; the QR code opens the purchase page at an amount', async () => {
    const [long] = await test.database.db
      .insert(products)
      .values(
        productRow(
          supplierId,
          productData(
            'Подарочный сертификат на СПА-день для двоих ‹XL›'.slice(0, 45),
            fixed(Array.from({ length: 12 }, (_, index) => (index + 1) * 150_000)),
          ),
        ),
      )
      .returning({ id: products.id, name: products.name });
    await test.database.db.transaction((tx) => addDemoCover(tx, long!, '#2a7cc4'));
    for (const language of LANGUAGES) {
      const { pdf } = await posterPdf(admin, { supplierId, productId: long!.id, language });
      const source = Buffer.from(pdf).toString('latin1');
      expect(source.match(/\/Type \/Page\b(?!s)/g), language).toHaveLength(1);
      const text = pdfText(pdf).replace(/\s+/g, '');
      // The address under the code is the code's own text: the smallest amount unless another is asked for.
      expect(text, language).toContain(`certificates/${long!.id}?denomination=150000`);
      expect(text, language).toContain('Certdesk');
    }
    const chosen = pdfText((await posterPdf(admin, { supplierId, productId: approvedId, language: 'en', denomination: '300000' })).pdf);
    expect(chosen.replace(/\s+/g, '')).toContain(`certificates/${approvedId}?denomination=300000`);
    expectError(
      await poster(admin, { supplierId, productId: approvedId, language: 'en', denomination: '200000' }),
      422,
      'DENOMINATION_NOT_ALLOWED',
      {
        denomination: 'DENOMINATION_NOT_ALLOWED',
      },
    );
    expectError(await poster(admin, { supplierId, productId: approvedId, language: 'en', denomination: '1e5' }), 422, 'VALIDATION_ERROR', {
      denomination: 'WRONG_TYPE',
    });
  });

  it('draws the cover as a JPEG made from the stored file: a PNG bomb stored before decision 076 gives an ordinary poster', async () => {
    const bombId = await productWithStoredCover(test.database.db, supplierId, 'Poster Bomb', await pngBomb(IMAGE_WIDTH, IMAGE_HEIGHT));
    const { response, pdf } = await posterPdf(admin, { supplierId, productId: bombId, language: 'en' });
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const source = Buffer.from(pdf).toString('latin1');
    expect(source.startsWith('%PDF-')).toBe(true);
    // The cover (a JPEG of the stored size, embedded as it is) and the QR code (a PNG).
    const images = [...source.matchAll(/<<[^>]*\/Subtype \/Image[^>]*>>/g)].map(([dictionary]) => ({
      filter: /\/Filter \/(\w+)/.exec(dictionary)?.[1],
      width: Number(/\/Width (\d+)/.exec(dictionary)?.[1]),
      height: Number(/\/Height (\d+)/.exec(dictionary)?.[1]),
    }));
    expect(images).toContainEqual({ filter: 'DCTDecode', width: IMAGE_WIDTH, height: IMAGE_HEIGHT });
    expect(pdfText(pdf)).toContain('Poster Bomb');
  });

  it('refuses a certificate not approved, another company’s one, other roles and strangers', async () => {
    expectError(await poster(admin, { supplierId, productId: draftId, language: 'en' }), 422, 'PRODUCT_NOT_ON_SALE');

    const accountant = (await test.login('accountant@demo.test')).accessToken;
    expectError(await poster(accountant, { supplierId, productId: approvedId, language: 'en' }), 403, 'FORBIDDEN');
    expectError(await test.call('GET', `${MARKETING}/products?supplierId=${supplierId}`, { token: accountant }), 403, 'FORBIDDEN');

    const other = await companyWithAdmin(test, 'RU', 'poster-other');
    // Its own company named: the product is not there. The demo company named: not theirs.
    expectError(
      await poster(other.token, { supplierId: other.supplierId, productId: approvedId, language: 'en' }),
      404,
      'PRODUCT_NOT_FOUND',
    );
    expectError(await poster(other.token, { supplierId, productId: approvedId, language: 'en' }), 404, 'SUPPLIER_NOT_FOUND');

    expectError(await poster(undefined, { supplierId, productId: approvedId, language: 'en' }), 401, 'UNAUTHORIZED');
    expectError(await poster(admin, { supplierId, productId: approvedId, language: 'de' }), 422, 'VALIDATION_ERROR', {
      language: 'UNKNOWN_VALUE',
    });
  });
});
