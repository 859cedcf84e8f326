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
export type SalesColumn = (typeof SALES_COLUMNS)[number];
export type RedemptionColumn = (typeof REDEMPTION_COLUMNS)[number];

interface Words {
  sheet: Record<Report, string>;
  sales: Record<SalesColumn, string>;
  redemption: Record<RedemptionColumn, string>;
  yes: string;
  no: string;
  status: Record<RedemptionReportRow['status'], string>;
}

const WORDS: Record<Language, Words> = {
  en: {
    sheet: { sales: 'Sales', redemption: 'Redemptions' },
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
    yes: 'Yes',
    no: 'No',
    status: { success: 'Success', error: 'Error' },
  },
  ru: {
    sheet: { sales: 'Продажи', redemption: 'Погашения' },
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
    yes: 'Да',
    no: 'Нет',
    status: { success: 'Успешно', error: 'Ошибка' },
  },
  es: {
    sheet: { sales: 'Ventas', redemption: 'Canjes' },
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
    yes: 'Sí',
    no: 'No',
    status: { success: 'Correcto', error: 'Error' },
  },
  fr: {
    sheet: { sales: 'Ventes', redemption: 'Encaissements' },
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
    yes: 'Oui',
    no: 'Non',
    status: { success: 'Réussi', error: 'Échec' },
  },
  kz: {
    sheet: { sales: 'Сатылымдар', redemption: 'Өтеулер' },
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
    yes: 'Иә',
    no: 'Жоқ',
    status: { success: 'Сәтті', error: 'Қате' },
  },
  by: {
    sheet: { sales: 'Продажы', redemption: 'Пагашэнні' },
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
    yes: 'Так',
    no: 'Не',
    status: { success: 'Паспяхова', error: 'Памылка' },
  },
};

/** What a column's value becomes in a cell: text as it is, money in minor units, a flag or a status as a word. */
type Kind = 'text' | 'id' | 'date' | 'money' | 'flag' | 'status';

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

/** Every currency the product trades in has two decimals. */
const converterOf = (kind: Kind, words: Words): ((value: unknown) => Cell) => {
  switch (kind) {
    case 'text':
    case 'id':
    case 'date':
      return (value) => (value ?? '') as string;
    case 'money':
      return (value) => value as number;
    case 'flag':
      return (value) => (value ? words.yes : words.no);
    case 'status':
      return (value) => words.status[value as RedemptionReportRow['status']];
  }
};

const columnKind = (kind: Kind): ColumnKind => (kind === 'flag' || kind === 'status' ? 'text' : kind);

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
