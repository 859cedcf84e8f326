import { PRODUCT_ACTIVITIES, type ProductDetails } from '@contract/catalogue';
import { adminFields } from '@contract/schemas/catalogue';
import { css } from '@styled/css';
import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { useForm } from '@/lib/form';
import { HttpError } from '@/lib/http';
import { useErrorText } from '@/lib/i18n';
import { useOnline } from '@/lib/online';
import { showToast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { DetailList } from '@/ui/detail-list';
import { CheckboxField, TextField } from '@/ui/field';
import { Form } from '@/ui/form';
import { Card, sectionTitle } from '@/ui/layout';
import { OfflineReason } from '@/ui/offline';
import { SelectField } from '@/ui/select-field';
import { ACTIVITY_LABEL } from './labels';
import { useSaveProduct } from './queries';

/** The server names a field by its place in the body (`data.symbolicCode`), the form by its own name. */
const withFormNames = (error: unknown): unknown =>
  error instanceof HttpError
    ? new HttpError(
        error.kind,
        error.status,
        error.code,
        Object.fromEntries(Object.entries(error.fields).map(([name, code]) => [name.replace(/^data\./, ''), code])),
        error.retryAfterSeconds,
      )
    : error;

const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '4' });

/**
 * The marketplace's own fields of a product (SPEC §3 "admin"): its activity
 * switch, sorting, symbolic code and "show on main page", which staff set;
 * and what staff only read: the company, its country, the dates.
 */
export function AdminFieldsCard({ product }: { product: ProductDetails }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const online = useOnline();
  const save = useSaveProduct(product.id);
  const form = useForm({
    activity: product.admin.activity as string,
    sorting: String(product.admin.sorting),
    symbolicCode: product.admin.symbolicCode,
    showOnMainPage: product.admin.showOnMainPage,
  });
  const { values } = form;
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });

  const onSubmit = () =>
    form.submit(
      adminFields,
      { ...values, sorting: values.sorting.trim() === '' ? undefined : Number(values.sorting.trim()) },
      async (data) => {
        await save.mutateAsync({ step: 'admin', data }).catch((error: unknown) => {
          throw withFormNames(error);
        });
        showToast({ tone: 'success', messageId: 'catalogueAdmin.saved', lifeMs: 4000 });
      },
    );

  return (
    <Card data-testid="admin-fields" aria-labelledby="admin-fields-title">
      <h2 id="admin-fields-title" className={sectionTitle}>
        {intl.formatMessage({ id: 'catalogueAdmin.admin.title' })}
      </h2>
      <DetailList
        rows={[
          [
            intl.formatMessage({ id: 'catalogueAdmin.admin.company' }),
            <Link key="company" to="/admin/companies/$supplierId" params={{ supplierId: product.supplierId }}>
              {product.supplierName}
            </Link>,
          ],
          [
            intl.formatMessage({ id: 'catalogueAdmin.admin.country' }),
            intl.formatDisplayName(product.country, { type: 'region' }) ?? product.country,
          ],
          [intl.formatMessage({ id: 'catalogueAdmin.admin.productId' }), product.id],
          [intl.formatMessage({ id: 'catalogueAdmin.admin.createdAt' }), date(product.createdAt)],
          [intl.formatMessage({ id: 'catalogueAdmin.admin.updatedAt' }), date(product.updatedAt)],
        ]}
      />
      <Form onSubmit={onSubmit} failure={form.formError}>
        <div className={grid}>
          <SelectField
            label={intl.formatMessage({ id: 'catalogueAdmin.admin.activity' })}
            value={values.activity}
            error={errorText(form.errors.activity)}
            {...form.field('activity')}
          >
            {PRODUCT_ACTIVITIES.map((activity) => (
              <option key={activity} value={activity}>
                {intl.formatMessage({ id: ACTIVITY_LABEL[activity] })}
              </option>
            ))}
          </SelectField>
          <TextField
            label={intl.formatMessage({ id: 'catalogueAdmin.admin.sorting' })}
            hint={intl.formatMessage({ id: 'catalogueAdmin.admin.sortingHint' })}
            inputMode="numeric"
            autoComplete="off"
            value={values.sorting}
            error={errorText(form.errors.sorting)}
            {...form.field('sorting')}
          />
          <TextField
            label={intl.formatMessage({ id: 'catalogueAdmin.admin.symbolicCode' })}
            hint={intl.formatMessage({ id: 'catalogueAdmin.admin.symbolicCodeHint' })}
            autoComplete="off"
            spellCheck={false}
            value={values.symbolicCode}
            error={errorText(form.errors.symbolicCode)}
            {...form.field('symbolicCode')}
          />
          <CheckboxField
            className={css({ alignSelf: { md: 'center' } })}
            label={intl.formatMessage({ id: 'catalogueAdmin.admin.showOnMainPage' })}
            checked={values.showOnMainPage}
            error={errorText(form.errors.showOnMainPage)}
            {...form.field('showOnMainPage')}
          />
        </div>
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'flex-end', alignItems: 'center' })}>
          <OfflineReason id="admin-fields-offline" />
          <Button
            type="submit"
            disabled={form.submitting || !online}
            aria-describedby={online ? undefined : 'admin-fields-offline'}
            data-testid="admin-fields-save"
          >
            {intl.formatMessage({ id: 'catalogueAdmin.save' })}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
