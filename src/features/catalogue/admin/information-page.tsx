import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { showToast } from '@/lib/toast';
import { Card, sectionTitle } from '@/ui/layout';
import { InformationForm } from '../forms/information-form';
import { STEP_TITLES } from '../steps';
import { adminProductQuery, useSaveProduct } from './queries';

/**
 * /admin/products/{id}/technicalInformation: how codes are made, sent and
 * checked, which staff may correct. Switching from the provider's codes to own
 * codes resets the code settings (SPEC §4): the form asks first, and the save
 * says it was confirmed (`confirmCodeReset`); a save that did not (the stored
 * copy changed meanwhile) is refused with 409 CODE_RESET_CONFIRMATION_REQUIRED,
 * which makes the form ask.
 */
export function AdminInformationPage({ productId }: { productId: string }) {
  const intl = useIntl();
  const product = useQuery(adminProductQuery(productId)).data;
  const save = useSaveProduct(productId);
  // The layout shows the loading and the failure.
  if (!product) return null;
  return (
    <Card aria-labelledby="information-title">
      <h2 id="information-title" className={sectionTitle}>
        {intl.formatMessage({ id: STEP_TITLES.information })}
      </h2>
      <InformationForm
        // The saved copy changed (this save, another moderator, the company): the form starts from it.
        key={JSON.stringify(product.data.information)}
        value={product.data.information}
        pending={save.isPending}
        error={save.error}
        submitLabel={intl.formatMessage({ id: 'catalogueAdmin.save' })}
        onSubmit={(data, { confirmCodeReset }) =>
          save.mutate(
            { step: 'information', data, confirmCodeReset },
            {
              onSuccess: () =>
                showToast({
                  tone: 'success',
                  messageId: confirmCodeReset ? 'catalogueAdmin.codeResetDone' : 'catalogueAdmin.saved',
                  lifeMs: 6000,
                }),
            },
          )
        }
      />
    </Card>
  );
}
