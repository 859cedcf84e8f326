import { useQuery } from '@tanstack/react-query';
import { tillSettingsQuery } from './queries';

/**
 * The number field's keyboard (decision 065): digits when every live product
 * of the company has numbers of digits only, text otherwise, and text until
 * the server has said (a text keyboard types digits too; a digits one no letters).
 */
export function useNumberInputMode(supplierId: string | null): 'numeric' | 'text' {
  const { data } = useQuery({ ...tillSettingsQuery(supplierId ?? ''), enabled: supplierId !== null });
  return supplierId !== null && data?.numericCodes ? 'numeric' : 'text';
}
