import type { RedemptionReportRow, Report, SalesReportRow } from '../../../src/contract/analytics';
import type { Language } from '../../../src/contract/enums';

/**
 * The exported files' columns (decision 056): titles and words in the reader's language, dates `YYYY-MM-DD HH:mm`
 * in the company's zone, money in major units. Kept on the server: the PWA's messages are not loaded here.
 */

/** A cell of a file: text, or an amount of money in major units (1234.5 for 123450 minor units). */
export type Cell = string | number;

interface Sheet<Row> {
  /** The worksheet's name (at most 31 characters, as Excel wants). */
  name: string;
  titles: string[];
  cells(row: Row): Cell[];
}

/** A file's content, whichever the report: the sheet's name, the titles, then the rows as cells, batch by batch. */
export interface Table {
  name: string;
  titles: string[];
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

export function tableOf<Row>(sheet: Sheet<Row>, batches: AsyncIterable<Row[]>): Table {
  let rows = 0;
  async function* cells(): AsyncGenerator<Cell[][]> {
    for await (const batch of readAhead(batches)) {
      rows += batch.length;
      yield batch.map((row) => sheet.cells(row));
    }
  }
  return { name: sheet.name, titles: sheet.titles, batches: cells(), rowsRead: () => rows };
}

const SALES_COLUMNS = [
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
const REDEMPTION_COLUMNS = ['transactionId', 'orderNumber', 'certificate', 'date', 'sum', 'currency', 'status', 'error', 'user'] as const;
type SalesColumn = (typeof SALES_COLUMNS)[number];
type RedemptionColumn = (typeof REDEMPTION_COLUMNS)[number];

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

const MINUTE_MS = 60_000;
const QUARTER_HOUR_MS = 15 * MINUTE_MS;
const DAY_MINUTES = 1440;
const pad = (value: number) => String(value).padStart(2, '0');
/** `HH:mm` of every minute of a day. */
const TIMES = Array.from({ length: DAY_MINUTES }, (_, minute) => `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`);

/** The zone's offset from UTC at an instant, in ms. */
const offsetAt = (format: Intl.DateTimeFormat, at: number): number => {
  const part = Object.fromEntries(format.formatToParts(at).map(({ type, value }) => [type, Number(value)]));
  return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!) - at;
};

/**
 * `YYYY-MM-DD HH:mm` of an ISO instant in a zone, at export speed: zones change their offset only on a quarter hour
 * of UTC, so the offset is looked up once per quarter hour met, and each day's text once, not per row.
 */
export function localDateTime(timeZone: string): (iso: string) => string {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const offsets = new Map<number, number>();
  const days = new Map<number, string>();
  return (iso) => {
    const at = Date.parse(iso);
    const quarter = Math.floor(at / QUARTER_HOUR_MS);
    let offset = offsets.get(quarter);
    if (offset === undefined) {
      offset = offsetAt(format, quarter * QUARTER_HOUR_MS);
      offsets.set(quarter, offset);
    }
    const minutes = Math.floor((at + offset) / MINUTE_MS);
    const day = Math.floor(minutes / DAY_MINUTES);
    let date = days.get(day);
    if (date === undefined) {
      date = new Date(day * DAY_MINUTES * MINUTE_MS).toISOString().slice(0, 10);
      days.set(day, date);
    }
    return `${date} ${TIMES[minutes - day * DAY_MINUTES]}`;
  };
}

/** Minor units to major ones: every currency the product trades in has two decimals. */
const major = (minor: number): number => minor / 100;

type Getters<Row, Column extends string> = Record<Column, (row: Row) => Cell>;

/** The columns in the file's order, each with its title and its cell. */
const sheetOf = <Row, Column extends string>(
  name: string,
  columns: readonly Column[],
  titles: Record<Column, string>,
  getters: Getters<Row, Column>,
): Sheet<Row> => {
  const read = columns.map((column) => getters[column]);
  return { name, titles: columns.map((column) => titles[column]), cells: (row) => read.map((get) => get(row)) };
};

export function salesSheet(language: Language, timeZone: string): Sheet<SalesReportRow> {
  const words = WORDS[language];
  const at = localDateTime(timeZone);
  const flag = (value: boolean) => (value ? words.yes : words.no);
  const getters: Getters<SalesReportRow, SalesColumn> = {
    orderNumber: (row) => row.orderNumber,
    date: (row) => at(row.date),
    channel: (row) => row.channel,
    certificate: (row) => row.certificate,
    product: (row) => row.product,
    denomination: (row) => major(row.denomination),
    balance: (row) => major(row.balance),
    expiry: (row) => at(row.expiry),
    used: (row) => major(row.used),
    expired: (row) => flag(row.expired),
    blocked: (row) => flag(row.blocked),
    parameter: (row) => row.parameter ?? '',
    currency: (row) => row.currency,
  };
  return sheetOf(words.sheet.sales, SALES_COLUMNS, words.sales, getters);
}

export function redemptionSheet(language: Language, timeZone: string): Sheet<RedemptionReportRow> {
  const words = WORDS[language];
  const at = localDateTime(timeZone);
  const getters: Getters<RedemptionReportRow, RedemptionColumn> = {
    transactionId: (row) => row.transactionId,
    orderNumber: (row) => row.orderNumber,
    certificate: (row) => row.certificateNumber,
    date: (row) => at(row.date),
    sum: (row) => major(row.sum),
    currency: (row) => row.currency,
    status: (row) => words.status[row.status],
    error: (row) => row.errorCode ?? '',
    user: (row) => row.user,
  };
  return sheetOf(words.sheet.redemption, REDEMPTION_COLUMNS, words.redemption, getters);
}
