import type { RedemptionReportRow, Report } from '@contract/analytics';
import type { Language } from '@contract/enums';

/**
 * The exported files' columns (decision 056): titles and words in the reader's language, dates `YYYY-MM-DD HH:mm`
 * in the company's zone, money in minor units (the files write it exactly). Kept on the server: the PWA's messages are not loaded here.
 */

/** A cell of a file: text, or an amount of money in minor units (123450), which the files write as 1234.50 exactly. */
export type Cell = string | number;

/**
 * What a column holds, which each file writes its own way (decision 081): `id` is a number that is a name (a
 * certificate's, an order's: digits a spreadsheet must not round or strip), `date` the company's local time as
 * `YYYY-MM-DD HH:mm`, `money` minor units. Flags and statuses are words by the time they are cells: `text`.
 */
export type ColumnKind = 'text' | 'id' | 'date' | 'money';

/**
 * A row as the database gives it to an export (decision 057): its cursor (the sort value as text) and id, then the
 * file's columns in order, dates already printed in the company's zone: the server only turns words and money.
 */
export type ExportRow = readonly unknown[];
const KEY_FIELDS = 2;
export const exportCursor = (row: ExportRow) => ({ value: String(row[0]), id: String(row[1]) });

interface Sheet {
  /** The worksheet's name (at most 31 characters, as Excel wants). */
  name: string;
  titles: string[];
  /** Per column; a column not listed is text. */
  kinds?: ColumnKind[];
  cells(row: ExportRow): Cell[];
}

/** A file's content, whichever the report: the sheet's name, the titles, then the rows as cells, batch by batch. */
export interface Table {
  name: string;
  titles: string[];
  kinds: ColumnKind[];
  batches: AsyncIterable<Cell[][]>;
  /** How many rows the batches have given so far: all of them once the file is written. */
  rowsRead(): number;
}

/**
 * Asks for the next item as soon as the current one is handed out: the database reads batch n + 1 while batch n is
 * written. At most two batches are held.
 */
async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let next = iterator.next();
  try {
    for (let current = await next; !current.done; current = await next) {
      next = iterator.next();
      yield current.value;
    }
  } finally {
    // Left early: the read under way is not wanted (nor its failure), the source is closed after it.
    next.catch(() => undefined);
    await iterator.return?.();
  }
}

export function tableOf(sheet: Sheet, batches: AsyncIterable<ExportRow[]>): Table {
  let rows = 0;
  async function* cells(): AsyncGenerator<Cell[][]> {
    for await (const batch of readAhead(batches)) {
      rows += batch.length;
      yield batch.map((row) => sheet.cells(row));
    }
  }
  const kinds = sheet.titles.map((_, index) => sheet.kinds?.[index] ?? 'text');
  return { name: sheet.name, titles: sheet.titles, kinds, batches: cells(), rowsRead: () => rows };
}

export const SALES_COLUMNS = [
  'orderNumber',
  'date',
  'channel',
  'certificate',
  'product',
  'denomination',
  'balance',
  'expiry',
  'used',
  'expired',
  'blocked',
  'parameter',
  'currency',
] as const;
export const REDEMPTION_COLUMNS = [
  'transactionId',
  'orderNumber',
  'certificate',
  'date',
  'sum',
  'currency',
  'status',
  'error',
  'user',
] as const;
/** One row a product, then the total (issue 35): what the page shows by product, with each product's ages. */
export const LIABILITY_COLUMNS = [
  'product',
  'count',
  'outstanding',
  'expiringCount',
  'expiring',
  'upTo3',
  'upTo6',
  'upTo12',
  'over12',
  'currency',
] as const;
export type SalesColumn = (typeof SALES_COLUMNS)[number];
export type RedemptionColumn = (typeof REDEMPTION_COLUMNS)[number];
export type LiabilityColumn = (typeof LIABILITY_COLUMNS)[number];

interface Words {
  sheet: Record<Report, string>;
  sales: Record<SalesColumn, string>;
  redemption: Record<RedemptionColumn, string>;
  liability: Record<LiabilityColumn, string>;
  /** The liability's last row, whose product column names it. */
  total: string;
  yes: string;
  no: string;
  status: Record<RedemptionReportRow['status'], string>;
}

const WORDS: Record<Language, Words> = {
  en: {
    sheet: { sales: 'Sales', redemption: 'Redemptions', liability: 'Liability' },
    sales: {
      orderNumber: 'Order number',
      date: 'Date',
      channel: 'Channel',
      certificate: 'Certificate',
      product: 'Product',
      denomination: 'Denomination',
      balance: 'Balance',
      expiry: 'Valid until',
      used: 'Used',
      expired: 'Expired',
      blocked: 'Blocked',
      parameter: 'Parameter',
      currency: 'Currency',
    },
    redemption: {
      transactionId: 'Transaction',
      orderNumber: 'Order number',
      certificate: 'Certificate',
      date: 'Date',
      sum: 'Amount',
      currency: 'Currency',
      status: 'Status',
      error: 'Error',
      user: 'User',
    },
    liability: {
      product: 'Product',
      count: 'Certificates',
      outstanding: 'Outstanding',
      expiringCount: 'Expiring in 30 days',
      expiring: 'Outstanding expiring in 30 days',
      upTo3: 'Bought up to 3 months ago',
      upTo6: 'Bought 3–6 months ago',
      upTo12: 'Bought 6–12 months ago',
      over12: 'Bought over 12 months ago',
      currency: 'Currency',
    },
    total: 'Total',
    yes: 'Yes',
    no: 'No',
    status: { success: 'Success', error: 'Error' },
  },
  ru: {
    sheet: { sales: 'Продажи', redemption: 'Погашения', liability: 'Обязательства' },
    sales: {
      orderNumber: 'Номер заказа',
      date: 'Дата',
      channel: 'Канал',
      certificate: 'Сертификат',
      product: 'Продукт',
      denomination: 'Номинал',
      balance: 'Остаток',
      expiry: 'Действует до',
      used: 'Использовано',
      expired: 'Истёк срок',
      blocked: 'Заблокирован',
      parameter: 'Параметр',
      currency: 'Валюта',
    },
    redemption: {
      transactionId: 'Транзакция',
      orderNumber: 'Номер заказа',
      certificate: 'Сертификат',
      date: 'Дата',
      sum: 'Сумма',
      currency: 'Валюта',
      status: 'Статус',
      error: 'Ошибка',
      user: 'Пользователь',
    },
    liability: {
      product: 'Продукт',
      count: 'Сертификатов',
      outstanding: 'Остаток к погашению',
      expiringCount: 'Истекают за 30 дней',
      expiring: 'Остаток, истекающий за 30 дней',
      upTo3: 'Куплены до 3 месяцев назад',
      upTo6: 'Куплены 3–6 месяцев назад',
      upTo12: 'Куплены 6–12 месяцев назад',
      over12: 'Куплены более 12 месяцев назад',
      currency: 'Валюта',
    },
    total: 'Итого',
    yes: 'Да',
    no: 'Нет',
    status: { success: 'Успешно', error: 'Ошибка' },
  },
  es: {
    sheet: { sales: 'Ventas', redemption: 'Canjes', liability: 'Pasivo' },
    sales: {
      orderNumber: 'Número de pedido',
      date: 'Fecha',
      channel: 'Canal',
      certificate: 'Certificado',
      product: 'Producto',
      denomination: 'Valor nominal',
      balance: 'Saldo',
      expiry: 'Válido hasta',
      used: 'Usado',
      expired: 'Caducado',
      blocked: 'Bloqueado',
      parameter: 'Parámetro',
      currency: 'Moneda',
    },
    redemption: {
      transactionId: 'Transacción',
      orderNumber: 'Número de pedido',
      certificate: 'Certificado',
      date: 'Fecha',
      sum: 'Importe',
      currency: 'Moneda',
      status: 'Estado',
      error: 'Error',
      user: 'Usuario',
    },
    liability: {
      product: 'Producto',
      count: 'Certificados',
      outstanding: 'Pendiente',
      expiringCount: 'Caducan en 30 días',
      expiring: 'Pendiente que caduca en 30 días',
      upTo3: 'Comprados hace hasta 3 meses',
      upTo6: 'Comprados hace 3–6 meses',
      upTo12: 'Comprados hace 6–12 meses',
      over12: 'Comprados hace más de 12 meses',
      currency: 'Moneda',
    },
    total: 'Total',
    yes: 'Sí',
    no: 'No',
    status: { success: 'Correcto', error: 'Error' },
  },
  fr: {
    sheet: { sales: 'Ventes', redemption: 'Encaissements', liability: 'Encours' },
    sales: {
      orderNumber: 'Numéro de commande',
      date: 'Date',
      channel: 'Canal de vente',
      certificate: 'Chèque-cadeau',
      product: 'Produit',
      denomination: 'Valeur faciale',
      balance: 'Solde',
      expiry: 'Valable jusqu’au',
      used: 'Utilisé',
      expired: 'Expiré',
      blocked: 'Bloqué',
      parameter: 'Paramètre',
      currency: 'Devise',
    },
    redemption: {
      transactionId: 'Opération',
      orderNumber: 'Numéro de commande',
      certificate: 'Chèque-cadeau',
      date: 'Date',
      sum: 'Montant',
      currency: 'Devise',
      status: 'Statut',
      error: 'Erreur',
      user: 'Utilisateur',
    },
    liability: {
      product: 'Produit',
      count: 'Chèques-cadeaux',
      outstanding: 'Restant dû',
      expiringCount: 'Expirent sous 30 jours',
      expiring: 'Restant dû expirant sous 30 jours',
      upTo3: 'Achetés il y a moins de 3 mois',
      upTo6: 'Achetés il y a 3 à 6 mois',
      upTo12: 'Achetés il y a 6 à 12 mois',
      over12: 'Achetés il y a plus de 12 mois',
      currency: 'Devise',
    },
    total: 'Total',
    yes: 'Oui',
    no: 'Non',
    status: { success: 'Réussi', error: 'Échec' },
  },
  kz: {
    sheet: { sales: 'Сатылымдар', redemption: 'Өтеулер', liability: 'Міндеттемелер' },
    sales: {
      orderNumber: 'Тапсырыс нөмірі',
      date: 'Күні',
      channel: 'Арна',
      certificate: 'Сертификат',
      product: 'Өнім',
      denomination: 'Номинал',
      balance: 'Қалдық',
      expiry: 'Жарамды мерзімі',
      used: 'Пайдаланылды',
      expired: 'Мерзімі өткен',
      blocked: 'Бұғатталған',
      parameter: 'Параметр',
      currency: 'Валюта',
    },
    redemption: {
      transactionId: 'Транзакция',
      orderNumber: 'Тапсырыс нөмірі',
      certificate: 'Сертификат',
      date: 'Күні',
      sum: 'Сомасы',
      currency: 'Валюта',
      status: 'Күйі',
      error: 'Қате',
      user: 'Пайдаланушы',
    },
    liability: {
      product: 'Өнім',
      count: 'Сертификаттар',
      outstanding: 'Өтелуге тиіс қалдық',
      expiringCount: '30 күнде мерзімі бітеді',
      expiring: '30 күнде мерзімі бітетін қалдық',
      upTo3: '3 айға дейін бұрын сатып алынған',
      upTo6: '3–6 ай бұрын сатып алынған',
      upTo12: '6–12 ай бұрын сатып алынған',
      over12: '12 айдан астам бұрын сатып алынған',
      currency: 'Валюта',
    },
    total: 'Барлығы',
    yes: 'Иә',
    no: 'Жоқ',
    status: { success: 'Сәтті', error: 'Қате' },
  },
  by: {
    sheet: { sales: 'Продажы', redemption: 'Пагашэнні', liability: 'Абавязацельствы' },
    sales: {
      orderNumber: 'Нумар заказу',
      date: 'Дата',
      channel: 'Канал',
      certificate: 'Сертыфікат',
      product: 'Прадукт',
      denomination: 'Намінал',
      balance: 'Рэшта',
      expiry: 'Дзейнічае да',
      used: 'Выкарыстана',
      expired: 'Скончыўся тэрмін',
      blocked: 'Заблакаваны',
      parameter: 'Параметр',
      currency: 'Валюта',
    },
    redemption: {
      transactionId: 'Транзакцыя',
      orderNumber: 'Нумар заказу',
      certificate: 'Сертыфікат',
      date: 'Дата',
      sum: 'Сума',
      currency: 'Валюта',
      status: 'Статус',
      error: 'Памылка',
      user: 'Карыстальнік',
    },
    liability: {
      product: 'Прадукт',
      count: 'Сертыфікатаў',
      outstanding: 'Рэшта да пагашэння',
      expiringCount: 'Скончацца за 30 дзён',
      expiring: 'Рэшта, што скончыцца за 30 дзён',
      upTo3: 'Набыты да 3 месяцаў таму',
      upTo6: 'Набыты 3–6 месяцаў таму',
      upTo12: 'Набыты 6–12 месяцаў таму',
      over12: 'Набыты больш за 12 месяцаў таму',
      currency: 'Валюта',
    },
    total: 'Разам',
    yes: 'Так',
    no: 'Не',
    status: { success: 'Паспяхова', error: 'Памылка' },
  },
};

/** What a column's value becomes in a cell: text as it is, money in minor units, a count as a number, a flag or a status as a word. */
type Kind = 'text' | 'id' | 'date' | 'money' | 'count' | 'flag' | 'status';

const SALES_KINDS: Record<SalesColumn, Kind> = {
  orderNumber: 'id',
  date: 'date',
  channel: 'text',
  certificate: 'id',
  product: 'text',
  denomination: 'money',
  balance: 'money',
  expiry: 'date',
  used: 'money',
  expired: 'flag',
  blocked: 'flag',
  parameter: 'text',
  currency: 'text',
};

const REDEMPTION_KINDS: Record<RedemptionColumn, Kind> = {
  transactionId: 'id',
  orderNumber: 'id',
  certificate: 'id',
  date: 'date',
  sum: 'money',
  currency: 'text',
  status: 'status',
  error: 'text',
  user: 'text',
};

const LIABILITY_KINDS: Record<LiabilityColumn, Kind> = {
  product: 'text',
  count: 'count',
  outstanding: 'money',
  expiringCount: 'count',
  expiring: 'money',
  upTo3: 'money',
  upTo6: 'money',
  upTo12: 'money',
  over12: 'money',
  currency: 'text',
};

/** Every currency the product trades in has two decimals. */
const converterOf = (kind: Kind, words: Words): ((value: unknown) => Cell) => {
  switch (kind) {
    case 'text':
    case 'id':
    case 'date':
      return (value) => (value ?? '') as string;
    case 'money':
    case 'count':
      return (value) => value as number;
    case 'flag':
      return (value) => (value ? words.yes : words.no);
    case 'status':
      return (value) => words.status[value as RedemptionReportRow['status']];
  }
};

// A count is a plain number in a text column: the files write a number cell as a number.
const columnKind = (kind: Kind): ColumnKind => (kind === 'flag' || kind === 'status' || kind === 'count' ? 'text' : kind);

/** The columns in the file's order, each with its title and its cell. */
function sheetOf<Column extends string>(
  name: string,
  columns: readonly Column[],
  titles: Record<Column, string>,
  kinds: Record<Column, Kind>,
  words: Words,
): Sheet {
  const convert = columns.map((column) => converterOf(kinds[column], words));
  return {
    name,
    titles: columns.map((column) => titles[column]),
    kinds: columns.map((column) => columnKind(kinds[column])),
    cells: (row) => convert.map((to, index) => to(row[index + KEY_FIELDS])),
  };
}

export function salesSheet(language: Language): Sheet {
  const words = WORDS[language];
  return sheetOf(words.sheet.sales, SALES_COLUMNS, words.sales, SALES_KINDS, words);
}

export function redemptionSheet(language: Language): Sheet {
  const words = WORDS[language];
  return sheetOf(words.sheet.redemption, REDEMPTION_COLUMNS, words.redemption, REDEMPTION_KINDS, words);
}

export function liabilitySheet(language: Language): Sheet {
  const words = WORDS[language];
  return sheetOf(words.sheet.liability, LIABILITY_COLUMNS, words.liability, LIABILITY_KINDS, words);
}

/** The word the liability's total row has in its product column. */
export const liabilityTotalWord = (language: Language): string => WORDS[language].total;
