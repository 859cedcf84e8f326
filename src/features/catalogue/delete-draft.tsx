import type { ProductDetails } from '@contract/catalogue';
import { useNavigate } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { showToast } from '@/lib/toast';
import { ConfirmedAction } from '@/ui/confirmed-action';
import { Card, mutedText, sectionTitle } from '@/ui/layout';
import { useDeleteProduct } from './queries';

/**
 * A product that has never been on sale can be deleted (issue 35), after a confirmation; one that has been on sale
 * keeps its row for the certificates and reports that name it, and shows no such card.
 */
export function DeleteDraft({ product, supplierId }: { product: ProductDetails; supplierId: string }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const remove = useDeleteProduct();
  const name = product.data.characteristics.name;

  return (
    <Card data-testid="delete-draft">
      <h2 className={sectionTitle}>{intl.formatMessage({ id: 'catalogue.delete.title' })}</h2>
      <p className={mutedText}>{intl.formatMessage({ id: 'catalogue.delete.text' })}</p>
      <ConfirmedAction
        label={intl.formatMessage({ id: 'catalogue.delete.action' })}
        title={intl.formatMessage({ id: 'catalogue.delete.confirm' }, { name })}
        description={intl.formatMessage({ id: 'catalogue.delete.text' })}
        cancelLabel={intl.formatMessage({ id: 'catalogue.delete.cancel' })}
        closeLabel={intl.formatMessage({ id: 'action.close' })}
        testId="delete-product"
        mutation={{ ...remove, mutateAsync: () => remove.mutateAsync({ supplierId, productId: product.id }) }}
        onDone={async () => {
          showToast({ tone: 'success', messageId: 'catalogue.delete.done', values: { name }, lifeMs: 6000 });
          await navigate({ to: '/certificates' });
        }}
      />
    </Card>
  );
}
