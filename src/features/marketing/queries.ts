import type { Language } from '@contract/enums';
import { queryOptions } from '@tanstack/react-query';
import { saveFile } from '@/lib/documents';
import { get, getBlob } from '@/lib/http';
import { selectedSupplierId } from '@/lib/queries';
import { preload } from '@/lib/query-client';

/** The company's approved certificates, which posters are printed for; moderation changes them, so each visit asks again. */
export const posterProductsQuery = (supplierId: string) =>
  queryOptions({
    queryKey: ['marketing', supplierId, 'products'] as const,
    staleTime: 0,
    queryFn: ({ signal }) => get('/api/front/marketing/products', { query: { supplierId }, signal, quiet: true }),
  });

/** Route loader: the selected company's certificates (the route requires one). */
export const loadPosterProducts = async () => {
  const supplierId = selectedSupplierId();
  if (supplierId) await preload(posterProductsQuery(supplierId));
};

/** A certificate's A4 poster in a language, saved as a download. */
export async function downloadPoster(supplierId: string, productId: string, language: Language): Promise<void> {
  saveFile(
    await getBlob('/api/front/marketing/poster', { query: { supplierId, productId, language }, quiet: true }),
    `certdesk-poster-${productId.slice(0, 8)}-${language}.pdf`,
  );
}
