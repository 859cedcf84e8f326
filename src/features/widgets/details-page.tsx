import { widgetTitle, type WidgetView } from '@contract/widgets';
import { css } from '@styled/css';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { useFailureText } from '@/lib/i18n';
import { useOnline } from '@/lib/online';
import { useSupplierId } from '@/lib/queries';
import { showToast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { DetailList } from '@/ui/detail-list';
import { languageName } from '@/ui/language-options';
import { Alert, Card, mutedText, pageTitle, sectionTitle } from '@/ui/layout';
import { QueryFallback } from '@/ui/page-states';
import { BackToWidgets } from './back-to-list';
import { EmbedCode } from './embed-code';
import { WidgetStatusBadge } from './labels';
import { useEditWidget, useSetWidgetStatus, widgetProductsQuery, widgetQuery } from './queries';
import { WidgetForm } from './widget-form';

const page = css({ display: 'flex', flexDirection: 'column', gap: '4', maxWidth: '1100px', width: '100%', mx: 'auto' });
const cards = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', lg: '1fr 1fr' }, alignItems: 'start' });
const cardBody = css({ display: 'flex', flexDirection: 'column', gap: '3' });

/** Enable or disable: a disabled widget shows "unavailable" on every site at once, and keeps its counts. */
function StatusCard({ widget, supplierId }: { widget: WidgetView; supplierId: string }) {
  const intl = useIntl();
  const failureText = useFailureText();
  const online = useOnline();
  const setStatus = useSetWidgetStatus();
  const next = widget.status === 'active' ? 'disabled' : 'active';
  const toggle = () =>
    setStatus.mutate(
      { supplierId, widgetId: widget.id, status: next },
      {
        onSuccess: () =>
          showToast({ tone: 'success', messageId: next === 'active' ? 'widgets.enabled.toast' : 'widgets.disabled.toast', lifeMs: 5000 }),
      },
    );
  return (
    <Card className={cardBody}>
      <h2 className={sectionTitle}>{intl.formatMessage({ id: 'widgets.status.title' })}</h2>
      <DetailList
        rows={[
          [intl.formatMessage({ id: 'widgets.column.status' }), <WidgetStatusBadge key="status" status={widget.status} />],
          [intl.formatMessage({ id: 'widgets.column.certificate' }), widget.productName],
          [intl.formatMessage({ id: 'widgets.column.language' }), languageName(widget.language)],
          [
            intl.formatMessage({ id: 'widgets.column.views' }),
            <span key="views" data-testid="widget-views">
              {intl.formatNumber(widget.views)}
            </span>,
          ],
          [
            intl.formatMessage({ id: 'widgets.column.clicks' }),
            <span key="clicks" data-testid="widget-clicks">
              {intl.formatNumber(widget.clicks)}
            </span>,
          ],
        ]}
      />
      <p className={mutedText}>
        {intl.formatMessage({ id: widget.status === 'active' ? 'widgets.active.text' : 'widgets.disabled.text' })}
      </p>
      {setStatus.error ? <Alert tone="error">{failureText(setStatus.error)}</Alert> : null}
      <div>
        <Button
          tone={next === 'active' ? 'primary' : 'secondary'}
          disabled={setStatus.isPending || !online}
          onClick={toggle}
          data-testid="widget-toggle"
        >
          {intl.formatMessage({ id: next === 'active' ? 'widgets.enable' : 'widgets.disable' })}
        </Button>
      </div>
    </Card>
  );
}

/** /widget/{id} (SPEC §2): the code for the site, status with enable/disable, views and clicks, and the settings. */
export function WidgetDetailsPage({ widgetId }: { widgetId: string }) {
  const intl = useIntl();
  const supplierId = useSupplierId();
  const widget = useQuery({ ...widgetQuery(supplierId ?? '', widgetId), enabled: supplierId !== null });
  const products = useQuery({ ...widgetProductsQuery(supplierId ?? ''), enabled: supplierId !== null });
  const edit = useEditWidget();
  const data = widget.data;
  // The widget's own product stays choosable when it has left sale (the server then says so at the field).
  const choices =
    data && products.data && !products.data.some((item) => item.id === data.productId)
      ? [
          { id: data.productId, name: data.productName, currency: data.currency, denominations: data.denominations, coverThumbUrl: null },
          ...products.data,
        ]
      : products.data;

  return (
    <div className={page}>
      <h1 className={pageTitle} data-testid="widget-title">
        {data ? widgetTitle(data) : intl.formatMessage({ id: 'widgets.details.title' })}
      </h1>
      <QueryFallback queries={[widget]} />
      {data && supplierId ? (
        <>
          <div className={cards}>
            <StatusCard widget={data} supplierId={supplierId} />
            <Card className={cardBody}>
              <h2 className={sectionTitle}>{intl.formatMessage({ id: 'widgets.embed.title' })}</h2>
              <p className={mutedText}>{intl.formatMessage({ id: 'widgets.embed.hint' })}</p>
              <EmbedCode widgetId={data.id} language={data.language} />
            </Card>
          </div>
          {choices ? (
            <WidgetForm
              key={data.id}
              supplierId={supplierId}
              products={choices}
              widget={data}
              submitLabel={intl.formatMessage({ id: 'action.save' })}
              onSubmit={async (settings) => {
                await edit.mutateAsync({ supplierId, widgetId: data.id, ...settings });
                showToast({ tone: 'success', messageId: 'widgets.saved', lifeMs: 5000 });
              }}
            />
          ) : null}
        </>
      ) : null}
      <BackToWidgets />
    </div>
  );
}
