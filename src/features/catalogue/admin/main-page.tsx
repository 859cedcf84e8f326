import type { ProductDetails } from '@contract/catalogue';
import { css } from '@styled/css';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { showToast } from '@/lib/toast';
import { Card, sectionTitle } from '@/ui/layout';
import { CharacteristicsForm } from '../forms/characteristics-form';
import { STEP_TITLES } from '../steps';
import { AdminFieldsCard } from './admin-fields';
import { adminProductQuery, useSaveProduct } from './queries';
import { ImagesCard, TermsCard } from './read-only';

/** The characteristics as the company entered them, which staff may correct; a staff edit of an approved product goes live. */
function CharacteristicsCard({ product }: { product: ProductDetails }) {
  const intl = useIntl();
  const save = useSaveProduct(product.id);
  return (
    <Card aria-labelledby="characteristics-title">
      <h2 id="characteristics-title" className={sectionTitle}>
        {intl.formatMessage({ id: STEP_TITLES.characteristics })}
      </h2>
      <CharacteristicsForm
        // The saved copy changed (this save, another moderator, the company): the form starts from it.
        key={JSON.stringify(product.data.characteristics)}
        value={product.data.characteristics}
        country={product.country}
        pending={save.isPending}
        error={save.error}
        submitLabel={intl.formatMessage({ id: 'catalogueAdmin.save' })}
        onSubmit={(data) =>
          save.mutate(
            { step: 'characteristics', data },
            { onSuccess: () => showToast({ tone: 'success', messageId: 'catalogueAdmin.saved', lifeMs: 4000 }) },
          )
        }
      />
    </Card>
  );
}

/**
 * /admin/products/{id}: the characteristics (editable), the marketplace's own
 * fields, and the terms and images to review (the company edits those).
 */
export function AdminProductMainPage({ productId }: { productId: string }) {
  const product = useQuery(adminProductQuery(productId)).data;
  // The layout shows the loading and the failure.
  if (!product) return null;
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
      <CharacteristicsCard product={product} />
      <AdminFieldsCard key={JSON.stringify(product.admin)} product={product} />
      <TermsCard product={product} />
      <ImagesCard product={product} />
    </div>
  );
}
