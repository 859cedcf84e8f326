import type { BarcodeType } from '@contract/catalogue';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';

/** Barcode symbologies go by their standard names in every language; the other choices are words. */
const SYMBOLOGIES: Partial<Record<BarcodeType, string>> = { i25: 'Interleaved 2 of 5', code128: 'Code 128', code39: 'Code 39' };

export function useBarcodeName() {
  const intl = useIntl();
  return useCallback(
    (type: BarcodeType): string =>
      SYMBOLOGIES[type] ?? intl.formatMessage({ id: `catalogue.barcodeType.${type as 'none' | 'qr' | 'other'}` }),
    [intl],
  );
}
