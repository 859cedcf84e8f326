import { COUNTRY_CURRENCY } from '@contract/enums';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { showToast } from '@/lib/toast';
import { Card, sectionTitle } from '@/ui/layout';
import { DenominationsForm } from '../forms/denominations-form';
import { STEP_TITLES } from '../steps';
import { adminProductQuery, useSaveProduct } from './queries';

/** /admin/products/{id}/denominations: the amounts a buyer may pick, which staff may correct. */
export function AdminDenominationsPage({ productId }: { productId: string }) {
  const intl = useIntl();
  const product = useQuery(adminProductQuery(productId)).data;
  const save = useSaveProduct(productId);
  // The layout shows the loading and the failure.
  if (!product) return null;
  return (
    <Card aria-labelledby="denominations-title">
      <h2 id="denominations-title" className={sectionTitle}>
        {intl.formatMessage({ id: STEP_TITLES.denominations })}
      </h2>
      <DenominationsForm
        // The saved copy changed (this save, another moderator, the company): the form starts from it.
        key={JSON.stringify(product.data.denominations)}
        value={product.data.denominations}
        currency={COUNTRY_CURRENCY[product.country]}
        pending={save.isPending}
        error={save.error}
        submitLabel={intl.formatMessage({ id: 'catalogueAdmin.save' })}
        onSubmit={(data) =>
          save.mutate(
            { step: 'denominations', data },
            { onSuccess: () => showToast({ tone: 'success', messageId: 'catalogueAdmin.saved', lifeMs: 4000 }) },
          )
        }
      />
    </Card>
  );
}
