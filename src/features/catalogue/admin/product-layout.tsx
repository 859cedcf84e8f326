import type { ModerationNote, ProductDetails } from '@contract/catalogue';
import { css } from '@styled/css';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '@/lib/message-id';
import { button } from '@/ui/button';
import { HistoryList } from '@/ui/history-list';
import { Card, pageTitle, sectionTitle } from '@/ui/layout';
import { SavedMark } from '@/ui/offline';
import { QueryFallback } from '@/ui/page-states';
import { ProductStatusBadge } from '../status-badge';
import { STEP_TITLES } from '../steps';
import { SaleBadge, saleStateOf } from './labels';
import { ModerationPanel } from './moderation-panel';
import { adminProductQuery } from './queries';

const page = css({ display: 'flex', flexDirection: 'column', gap: '5', maxWidth: '1280px', width: '100%' });
// Phones: the decision first, then the pages, then the history; wide screens: the pages beside the panel and history.
const columns = css({
  display: 'grid',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', xl: 'minmax(0, 1fr) 360px' },
  gridTemplateAreas: { base: '"panel" "main" "history"', xl: '"main panel" "main history"' },
  gridTemplateRows: { xl: 'auto 1fr' },
  gap: '5',
  alignItems: 'start',
});
const tabs = css({
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: '1',
  borderBottomWidth: '1px',
  borderColor: 'line',
  '& a': {
    minHeight: 'touch',
    display: 'inline-flex',
    alignItems: 'center',
    px: '4',
    color: 'muted',
    fontWeight: 'medium',
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    borderBottomWidth: '3px',
    borderColor: 'transparent',
    mb: '-1px',
    _hover: { color: 'ink' },
    '&[aria-current=page]': { color: 'accentText', borderColor: 'accent' },
  },
});

const NOTE_LABEL: Record<ModerationNote['action'], MessageId> = {
  submitted: 'catalogue.history.submitted',
  approved: 'catalogue.history.approved',
  rejected: 'catalogue.history.rejected',
  reset: 'catalogue.history.reset',
};

/** The moderation notes, newest first, each with its comment (named as the company's page names them). */
function HistoryCard({ product }: { product: ProductDetails }) {
  const intl = useIntl();
  const entries = product.history
    .map((note, index) => ({
      key: String(index),
      action: note.action,
      label: intl.formatMessage({ id: NOTE_LABEL[note.action] }),
      at: note.at,
      notes: note.comment ? [note.comment] : undefined,
    }))
    .reverse();
  return (
    <Card data-testid="product-history">
      <h2 className={sectionTitle}>{intl.formatMessage({ id: 'catalogue.history.title' })}</h2>
      {entries.length ? <HistoryList entries={entries} /> : <p>{intl.formatMessage({ id: 'catalogueAdmin.history.empty' })}</p>}
    </Card>
  );
}

/** The three pages of a product, as links: each has its own address. */
function Tabs({ productId }: { productId: string }) {
  const intl = useIntl();
  const links = [
    { tab: 'main', to: '/admin/products/$productId', labelId: 'catalogueAdmin.tab.main' },
    { tab: 'denominations', to: '/admin/products/$productId/denominations', labelId: STEP_TITLES.denominations },
    { tab: 'technicalInformation', to: '/admin/products/$productId/technicalInformation', labelId: STEP_TITLES.information },
  ] as const;
  return (
    <nav className={tabs} aria-label={intl.formatMessage({ id: 'catalogueAdmin.tab.label' })} data-testid="product-tabs">
      {links.map((link) => (
        <Link
          key={link.to}
          to={link.to}
          params={{ productId }}
          // The router marks the page shown (aria-current); exactly, as the main page's path begins the others'.
          activeOptions={{ exact: true }}
          data-tab={link.tab}
        >
          {intl.formatMessage({ id: link.labelId })}
        </Link>
      ))}
    </nav>
  );
}

/**
 * /admin/products/{id} and its sub-pages: the product's name, status and
 * whether it is on sale; tabs to the main page, the denominations and the
 * technical information; beside them the moderation panel and the history,
 * so the moderator decides from whichever page they edited.
 */
export function AdminProductLayout({ productId, children }: { productId: string; children: ReactNode }) {
  const intl = useIntl();
  const product = useQuery(adminProductQuery(productId));

  if (!product.data) {
    return (
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '4', alignItems: 'flex-start' })}>
        <QueryFallback queries={[product]} />
        {product.error ? (
          <Link to="/admin/products" className={button({ tone: 'secondary' })}>
            {intl.formatMessage({ id: 'catalogueAdmin.backToList' })}
          </Link>
        ) : null}
      </div>
    );
  }

  const data = product.data;
  return (
    <div className={page} data-testid="admin-product" data-status={data.status}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'flex-start', justifyContent: 'space-between' })}>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', minWidth: 0 })}>
          <h1 className={pageTitle} data-testid="product-name">
            {data.data.characteristics.name}
          </h1>
          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
            <ProductStatusBadge status={data.status} />
            <SaleBadge state={saleStateOf(data.live, data.admin.activity)} />
            <span className={css({ color: 'muted' })}>{data.supplierName}</span>
            <SavedMark updatedAt={product.dataUpdatedAt || undefined} />
          </div>
        </div>
        <Link to="/admin/products" className={button({ tone: 'ghost' })}>
          {intl.formatMessage({ id: 'catalogueAdmin.backToList' })}
        </Link>
      </div>
      <div className={columns}>
        <div className={css({ gridArea: 'main', display: 'flex', flexDirection: 'column', gap: '5', minWidth: 0 })}>
          <Tabs productId={productId} />
          {children}
        </div>
        <div className={css({ gridArea: 'panel' })}>
          <ModerationPanel product={data} />
        </div>
        <div className={css({ gridArea: 'history' })}>
          <HistoryCard product={data} />
        </div>
      </div>
    </div>
  );
}
