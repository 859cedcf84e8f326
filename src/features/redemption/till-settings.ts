import { useQuery } from '@tanstack/react-query';
import { tillSettingsQuery } from './queries';

const useTillSettings = (supplierId: string | null) =>
  useQuery({ ...tillSettingsQuery(supplierId ?? ''), enabled: supplierId !== null }).data;

/**
 * The number field's keyboard (decision 065): digits when every live product
 * of the company has numbers of digits only, text otherwise, and text until
 * the server has said (a text keyboard types digits too; a digits one no letters).
 */
export function useNumberInputMode(supplierId: string | null): 'numeric' | 'text' {
  const settings = useTillSettings(supplierId);
  return supplierId !== null && settings?.numericCodes ? 'numeric' : 'text';
}

/**
 * The company's time zone, in which the card shows its dates, as the till's
 * history and the reports do (the server's one rule: the company's country).
 * Undefined (the device's zone) only until the settings first arrive.
 */
export function useCompanyTimeZone(supplierId: string | null): string | undefined {
  return useTillSettings(supplierId)?.timeZone;
}
