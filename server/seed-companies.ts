import { EMPTY_BANK_DATA, EMPTY_LEGAL_DATA, type BankData, type LegalData, type LegalType, type ModerationEvent } from '@contract/company';
import { LOCALE_LANGUAGE, type Country, type Locale, type SupplierStatus } from '@contract/enums';
import type { Tx } from './db/client';
import { acceptedOffers, moderationEvents, suppliers } from './db/schema';
import { legalColumns, offerFileName, renderOfferPdf } from './modules/supplier';

/**
 * The demo admin's companies, one in every status (README lists them). Tax ids,
 * OGRNs and accounts are made up with valid check digits (the account keys for
 * real BIKs of the shipped directory sample), so the forms accept them as they stand.
 */

const DAY_MS = 86_400_000;

interface DemoCompany {
  key: 'main' | 'branch' | 'draft' | 'rejected' | 'moderation';
  name: string;
  country: Country;
  webSite: string;
  parent?: 'main';
  status: SupplierStatus;
  legalType: LegalType;
  legalData: Partial<LegalData> & Pick<LegalData, 'legalNameFull' | 'phone' | 'legalAddress'>;
  bankData?: Partial<BankData>;
  language?: Locale;
  /** Days before now of each moderation event, oldest first. */
  history: { action: ModerationEvent['action']; daysAgo: number; reason?: string }[];
}

const REJECTION = 'ОГРНИП не совпадает с выпиской из ЕГРИП. Проверьте номер по выписке и отправьте компанию на модерацию снова.';

const DEMO_COMPANIES: DemoCompany[] = [
  {
    key: 'main',
    name: 'Demo Gifts',
    country: 'RU',
    webSite: 'https://gifts.demo.test',
    status: 'active',
    legalType: 'RU_OOO',
    legalData: {
      legalNameFull: 'Demo Gifts LLC',
      headsFio: 'Админова Анна Петровна',
      headsPosition: 'Генеральный директор',
      inn: '7704123450',
      kpp: '770401001',
      ogrn: '1027700123450',
      phone: '+74950000000',
      legalAddress: '119019, г. Москва, ул. Арбат, д. 1',
    },
    bankData: { bik: '044525225', checkingAccount: '40702810200000012345', bankName: 'ПАО Сбербанк' },
    language: 'ru-RU',
    history: [
      { action: 'submitted', daysAgo: 61 },
      { action: 'approved', daysAgo: 60 },
    ],
  },
  {
    key: 'branch',
    name: 'Demo Gifts Kazan',
    country: 'RU',
    webSite: 'https://kazan.gifts.demo.test',
    parent: 'main',
    status: 'active',
    legalType: 'RU_OOO',
    legalData: {
      legalNameFull: 'Demo Gifts Kazan LLC',
      headsFio: 'Гарипов Тимур Ильдарович',
      headsPosition: 'Директор',
      inn: '1655123453',
      kpp: '165501001',
      ogrn: '1021600123456',
      phone: '+78430000000',
      legalAddress: '420111, г. Казань, ул. Баумана, д. 1',
    },
    bankData: { bik: '049205603', checkingAccount: '40702810800000054321', bankName: 'ОТДЕЛЕНИЕ "БАНК ТАТАРСТАН" N8610 ПАО СБЕРБАНК' },
    language: 'ru-RU',
    history: [
      { action: 'submitted', daysAgo: 31 },
      { action: 'approved', daysAgo: 30 },
    ],
  },
  {
    // Steps 1 and 2 saved: the wizard resumes at the bank data.
    key: 'draft',
    name: 'Demo Regalos',
    country: 'ES',
    webSite: 'https://regalos.demo.test',
    status: 'draft',
    legalType: 'ES_SL',
    legalData: {
      legalNameFull: 'Demo Regalos S.L.',
      headsFio: 'Lucía García Pérez',
      headsPosition: 'Administradora única',
      nif: 'B87654323',
      phone: '+34910000000',
      legalAddress: 'Calle de Alcalá 1, 28014 Madrid',
    },
    history: [],
  },
  {
    key: 'rejected',
    name: 'Demo Café',
    country: 'RU',
    webSite: 'https://cafe.demo.test',
    status: 'rejected',
    legalType: 'RU_IP',
    legalData: {
      legalNameFull: 'ИП Кофейникова Ольга Сергеевна',
      fio: 'Кофейникова Ольга Сергеевна',
      inn: '770512345650',
      ogrn: '318774600123452',
      phone: '+79990000001',
      legalAddress: '101000, г. Москва, ул. Мясницкая, д. 10, кв. 5',
    },
    bankData: { bik: '044525974', checkingAccount: '40802810000000077777', bankName: 'АО "ТБанк"' },
    language: 'ru-RU',
    history: [
      { action: 'submitted', daysAgo: 3 },
      { action: 'rejected', daysAgo: 2, reason: REJECTION },
    ],
  },
  {
    // The moderator's waiting item.
    key: 'moderation',
    name: 'Demo Toys KZ',
    country: 'KZ',
    webSite: 'https://toys.demo.test',
    status: 'moderation',
    legalType: 'KZ_TOO',
    legalData: {
      legalNameFull: 'ТОО «Demo Toys KZ»',
      headsFio: 'Ахметов Ержан Серикович',
      headsPosition: 'Директор',
      bin: '180540012343',
      phone: '+77270000000',
      legalAddress: '050000, г. Алматы, пр. Абая, д. 1',
    },
    bankData: { iik: 'KZ86125KZT5004100100', kbe: '17', bankCode: 'CASPKZKA', bankName: 'АО «Kaspi Bank»' },
    language: 'ru-RU',
    history: [{ action: 'submitted', daysAgo: 0.05 }],
  },
];

const TIN_OF = (data: LegalData) => data.inn || data.bin || data.unp || data.nif;

/** Creates the demo companies with their history and accepted offers; answers their ids by key. */
export async function seedCompanies(
  tx: Tx,
  admin: { id: string; name: string; email: string },
  now: Date,
  /** Who decided the demo's decided companies (the demo moderator), as the decided list names them. */
  moderatorId: string,
): Promise<Record<DemoCompany['key'], string>> {
  const ids = {} as Record<DemoCompany['key'], string>;
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  for (const demo of DEMO_COMPANIES) {
    const legalData = { ...EMPTY_LEGAL_DATA, ...demo.legalData };
    const bankData = demo.bankData ? { ...EMPTY_BANK_DATA, ...demo.bankData } : null;
    const lastSubmission = demo.history.findLast((event) => event.action === 'submitted');
    const submittedAt = lastSubmission ? ago(lastSubmission.daysAgo) : null;
    const [row] = await tx
      .insert(suppliers)
      .values({
        name: demo.name,
        supplierName: legalData.legalNameFull,
        country: demo.country,
        tin: TIN_OF(legalData),
        webSite: demo.webSite,
        parentId: demo.parent ? ids[demo.parent] : null,
        status: demo.status,
        rejectionReason: demo.history.findLast((event) => event.reason)?.reason ?? null,
        ...legalColumns(demo.legalType, legalData),
        bankData,
        language: demo.language ?? null,
        submittedAt,
        createdAt: ago((demo.history[0]?.daysAgo ?? 0) + 1),
        updatedAt: ago(demo.history.at(-1)?.daysAgo ?? 0),
      })
      .returning({ id: suppliers.id });
    ids[demo.key] = row!.id;
    if (demo.history.length) {
      await tx.insert(moderationEvents).values(
        demo.history.map((event) => ({
          supplierId: row!.id,
          action: event.action,
          reason: event.reason ?? null,
          language: demo.language ?? null,
          userId: event.action === 'submitted' ? admin.id : moderatorId,
          createdAt: ago(event.daysAgo),
        })),
      );
    }
    if (submittedAt && bankData && demo.language) {
      const content = await renderOfferPdf({
        language: LOCALE_LANGUAGE[demo.language],
        acceptedAt: submittedAt,
        acceptedBy: `${admin.name} (${admin.email})`,
        company: { name: demo.name, country: demo.country, webSite: demo.webSite, legalType: demo.legalType, legalData, bankData },
      });
      await tx.insert(acceptedOffers).values({
        supplierId: row!.id,
        fileName: offerFileName(TIN_OF(legalData)),
        language: demo.language,
        acceptedAt: submittedAt,
        content,
      });
    }
  }
  return ids;
}
