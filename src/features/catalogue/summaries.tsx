import type { Characteristics, Denominations, ProductDetails, TechnicalInformation, Terms } from '@contract/catalogue';
import { COUNTRY_CURRENCY } from '@contract/enums';
import { formatMoney } from '@contract/money';
import { css } from '@styled/css';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '@/lib/message-id';
import type { DetailRow } from '@/ui/detail-list';
import { useBarcodeName } from './forms/barcode-name';

const list = css({ m: 0, pl: '5' });
const preLine = css({ whiteSpace: 'pre-line' });

/** Read-only rows of each step, in the words of the step's form (the same labels and choices). */
export function useStepRows() {
  const intl = useIntl();
  const barcodeName = useBarcodeName();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const yesNo = (value: boolean) => t(value ? 'catalogue.yes' : 'catalogue.no');
  const day = (iso: string) => (iso ? intl.formatDate(`${iso}T00:00:00Z`, { dateStyle: 'long', timeZone: 'UTC' }) : '');
  const lines = (text: string): ReactNode => (text ? <span className={preLine}>{text}</span> : '');

  const characteristics = (value: Characteristics): DetailRow[] => [
    [t('catalogue.field.name'), value.name],
    [t('catalogue.field.nameKz'), value.nameKz],
    [t('catalogue.field.productType'), t(`catalogue.productType.${value.productType}`)],
    [t('catalogue.field.adminName'), value.adminName],
    [t('catalogue.field.detailedTitle'), value.detailedTitle],
    [t('catalogue.field.briefDescription'), lines(value.briefDescription)],
    [t('catalogue.field.siteDescription'), lines(value.siteDescription)],
    [t('catalogue.field.website'), value.website],
    [t('catalogue.field.linkByCode'), value.linkByCode],
    [t('catalogue.field.venue'), value.venue],
    [t('catalogue.field.cities'), value.cities.join(', ')],
    [t('catalogue.field.expectedActivationDate'), day(value.expectedActivationDate)],
    [t('catalogue.field.restrictionsByProducts'), lines(value.restrictionsByProducts)],
    [
      t('catalogue.field.requiredOrderParameters'),
      intl.formatList(value.requiredOrderParameters.map((parameter) => t(`catalogue.orderParameter.${parameter}`))),
    ],
    [t('catalogue.field.b2b'), yesNo(value.b2b)],
  ];

  const denominations = (value: Denominations, product: Pick<ProductDetails, 'country'>): DetailRow[] => {
    const money = (minor: number) => formatMoney(minor, COUNTRY_CURRENCY[product.country], intl.locale, 'price');
    const amounts: DetailRow[] =
      value.kind === 'fixed'
        ? [
            [
              t('catalogue.denominationKind.fixed'),
              <ul className={list}>
                {value.items.map((item, index) => (
                  <li key={index}>
                    {[money(item.value), item.description, item.externalId && `(${item.externalId})`].filter(Boolean).join(' · ')}
                  </li>
                ))}
              </ul>,
            ],
          ]
        : [
            [
              t('catalogue.denominationKind.range'),
              t('catalogue.summary.range', { min: money(value.min), max: money(value.max), step: money(value.multiplicity) }),
            ],
          ];
    return [...amounts, [t('catalogue.field.showDescriptionInPdf'), yesNo(value.showDescriptionInPdf)]];
  };

  const information = (value: TechnicalInformation): DetailRow[] => {
    const rows: DetailRow[] = [
      [t('catalogue.field.codeType'), t(`catalogue.codeType.${value.codeType}`)],
      [t('catalogue.field.barcodeType'), barcodeName(value.barcodeType)],
      [t('catalogue.field.codeTransfer'), t(`catalogue.codeTransfer.${value.codeTransfer}`)],
      [t('catalogue.field.acceptance'), t(`catalogue.acceptance.${value.acceptance}`)],
      [t('catalogue.field.accountingExport'), t(`catalogue.accountingExport.${value.accountingExport}`)],
      [t('catalogue.field.pinRequired'), yesNo(value.pinRequired)],
      [t('catalogue.field.assignedDenomination'), yesNo(value.assignedDenomination)],
      [t('catalogue.field.delivery'), yesNo(value.delivery)],
    ];
    if (value.codeType === 'provider')
      rows.push(
        [t('catalogue.field.exampleNumber'), value.exampleNumber],
        [t('catalogue.field.codeBlocking'), yesNo(value.codeBlocking)],
        [t('catalogue.field.codePattern'), value.codePattern ? <code>{value.codePattern}</code> : ''],
        [t('catalogue.field.sampleCode'), value.sampleCode],
        ...(value.pinRequired
          ? ([
              [t('catalogue.field.pinPattern'), value.pinPattern ? <code>{value.pinPattern}</code> : ''],
              [t('catalogue.field.samplePin'), value.samplePin],
            ] as DetailRow[])
          : []),
      );
    return rows;
  };

  const terms = (value: Terms): DetailRow[] => [
    [
      t('catalogue.field.validity'),
      value.validity.kind === 'months'
        ? t('catalogue.summary.validityMonths', { months: value.validity.months })
        : value.validity.kind === 'fixedDate'
          ? t('catalogue.summary.validityDate', { date: day(value.validity.date) })
          : t('catalogue.validity.perpetual'),
    ],
    [t('catalogue.field.extensionPossible'), yesNo(value.extensionPossible)],
    [
      t('catalogue.field.multiUse'),
      value.multiUse.kind === 'limited'
        ? t('catalogue.summary.multiUseLimited', { max: value.multiUse.max })
        : t(`catalogue.multiUse.${value.multiUse.kind}`),
    ],
    [t('catalogue.field.termsDelivery'), t(`catalogue.delivery.${value.delivery}`)],
    [t('catalogue.field.codesActive'), yesNo(value.codesActive)],
    [t('catalogue.field.printoutNeeded'), yesNo(value.printoutNeeded)],
    [
      t('catalogue.section.receptionPoints'),
      value.receptionPoints.length ? (
        <ul className={list}>
          {value.receptionPoints.map((point, index) => (
            <li key={index}>
              {[point.postcode, point.region, point.city, point.street, point.house, point.building, point.premises]
                .filter(Boolean)
                .join(', ')}
            </li>
          ))}
        </ul>
      ) : (
        ''
      ),
    ],
  ];

  return { characteristics, denominations, information, terms };
}
