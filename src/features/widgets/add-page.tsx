import { css } from '@styled/css';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { useSupplierId } from '@/lib/queries';
import { showToast } from '@/lib/toast';
import { mutedText, pageTitle } from '@/ui/layout';
import { QueryFallback } from '@/ui/page-states';
import { BackToWidgets } from './back-to-list';
import { NoCertificates } from './no-certificates';
import { useAddWidget, widgetProductsQuery } from './queries';
import { WidgetForm } from './widget-form';

const page = css({ display: 'flex', flexDirection: 'column', gap: '4', maxWidth: '1100px', width: '100%', mx: 'auto' });

/** /widget/add (SPEC §2): a new widget for one of the company's approved certificates; then its page, with the code. */
export function AddWidgetPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const supplierId = useSupplierId();
  const products = useQuery({ ...widgetProductsQuery(supplierId ?? ''), enabled: supplierId !== null });
  const add = useAddWidget();

  return (
    <div className={page}>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
        <h1 className={pageTitle}>{intl.formatMessage({ id: 'widgets.add.title' })}</h1>
        <p className={mutedText}>{intl.formatMessage({ id: 'widgets.intro' })}</p>
      </div>
      <QueryFallback queries={[products]} />
      {products.data?.length === 0 ? <NoCertificates /> : null}
      {products.data?.length ? (
        <WidgetForm
          supplierId={supplierId}
          products={products.data}
          submitLabel={intl.formatMessage({ id: 'widgets.create' })}
          onSubmit={async (settings) => {
            const widget = await add.mutateAsync({ supplierId: supplierId ?? '', ...settings });
            showToast({ tone: 'success', messageId: 'widgets.created', lifeMs: 6000 });
            await navigate({ to: '/widget/$widgetId', params: { widgetId: widget.id } });
          }}
        />
      ) : null}
      <BackToWidgets />
    </div>
  );
}
