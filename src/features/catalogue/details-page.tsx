import { PRODUCT_STEPS, type ModerationNote, type ProductDetails, type ProductStep } from '@contract/catalogue';
import { css, cx } from '@styled/css';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import type { MessageId } from '@/lib/message-id';
import { useSupplierId } from '@/lib/queries';
import { button } from '@/ui/button';
import { DetailList, type DetailRow } from '@/ui/detail-list';
import { HistoryList } from '@/ui/history-list';
import { Alert, Card, mutedText, pageTitle, sectionTitle } from '@/ui/layout';
import { SavedMark } from '@/ui/offline';
import { QueryFallback } from '@/ui/page-states';
import { DeleteDraft } from './delete-draft';
import { SubmitPanel } from './images-panel';
import { productQuery } from './queries';
import { RejectedReason } from './rejected-reason';
import { OnSaleBadge, ProductStatusBadge } from './status-badge';
import { canOpenStep, firstIncompleteStep, isComplete, isEditable, STEP_PATHS, STEP_TITLES, stepDone } from './steps';
import { useStepRows } from './summaries';

const page = css({ display: 'flex', flexDirection: 'column', gap: '4', maxWidth: '1100px', width: '100%', mx: 'auto' });
const head = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'flex-start', justifyContent: 'space-between' });
const cardHead = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', justifyContent: 'space-between' });
const gallery = css({
  display: 'grid',
  gap: '3',
  gridTemplateColumns: { base: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
  listStyle: 'none',
  p: 0,
  m: 0,
});
const image = css({ display: 'block', width: '100%', aspectRatio: '1360 / 620', objectFit: 'cover', borderRadius: 'control' });

const NOTE_LABEL: Record<ModerationNote['action'], MessageId> = {
  submitted: 'catalogue.history.submitted',
  approved: 'catalogue.history.approved',
  rejected: 'catalogue.history.rejected',
  reset: 'catalogue.history.reset',
};

/** One step's card: its saved data read-only, and Edit (into the wizard at that step) while the product may change. */
function StepCard({ product, step, rows }: { product: ProductDetails; step: ProductStep; rows: DetailRow[] | null }) {
  const intl = useIntl();
  const editable = isEditable(product) && canOpenStep(product, step);
  return (
    <Card data-testid={`summary-${step}`}>
      <div className={cardHead}>
        <h2 className={sectionTitle}>{intl.formatMessage({ id: STEP_TITLES[step] })}</h2>
        {editable ? (
          <Link
            to={STEP_PATHS[step]}
            search={{ productId: product.id }}
            className={button({ tone: 'secondary' })}
            aria-label={`${intl.formatMessage({ id: 'catalogue.action.edit' })}: ${intl.formatMessage({ id: STEP_TITLES[step] })}`}
            data-testid={`edit-${step}`}
          >
            {intl.formatMessage({ id: 'catalogue.action.edit' })}
          </Link>
        ) : null}
      </div>
      {rows ? <DetailList rows={rows} /> : <p className={mutedText}>{intl.formatMessage({ id: 'catalogue.summary.notFilled' })}</p>}
    </Card>
  );
}

/**
 * /certificates/{productId} (SPEC §2): the product's status (and whether an
 * approved version is on sale), the moderator's comment when it was sent back,
 * each step read-only with Edit into the wizard, Submit when it is a complete
 * draft, and the moderation history.
 */
export function ProductDetailsPage({ productId }: { productId: string }) {
  const intl = useIntl();
  const supplierId = useSupplierId();
  const details = useQuery({ ...productQuery(supplierId ?? '', productId), enabled: supplierId !== null });
  const rows = useStepRows();
  const back = (
    <Link to="/certificates" className={button({ tone: 'ghost' })}>
      {intl.formatMessage({ id: 'catalogue.backToList' })}
    </Link>
  );

  if (!details.data || !supplierId) return <QueryFallback queries={[details]} back={back} />;

  const product = details.data;
  const { data } = product;
  const editable = isEditable(product);
  const resumeAt = firstIncompleteStep(product);
  const summaries: Record<Exclude<ProductStep, 'images'>, DetailRow[] | null> = {
    characteristics: rows.characteristics(data.characteristics),
    denominations: data.denominations && rows.denominations(data.denominations, product),
    information: data.information && rows.information(data.information),
    terms: data.terms && rows.terms(data.terms),
  };
  const liveNote =
    product.live && product.status === 'active' ? 'catalogue.liveNote.active' : product.live ? 'catalogue.liveNote.draft' : null;

  return (
    <div className={page}>
      <div className={head}>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', minWidth: 0 })}>
          <h1 className={cx(pageTitle, css({ overflowWrap: 'anywhere' }))}>{data.characteristics.name}</h1>
          <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
            <ProductStatusBadge status={product.status} />
            {product.live ? <OnSaleBadge /> : null}
            <SavedMark updatedAt={details.dataUpdatedAt} />
          </div>
        </div>
        {back}
      </div>

      <RejectedReason product={product} />
      {product.status === 'moderation' ? (
        <Alert tone="info">
          <span data-testid="on-moderation">{intl.formatMessage({ id: 'catalogue.details.onModeration' })}</span>
        </Alert>
      ) : null}
      {liveNote ? (
        <p className={mutedText} data-testid="live-note">
          {intl.formatMessage({ id: liveNote })}
        </p>
      ) : null}

      {editable && !isComplete(product) ? (
        <Card data-testid="resume-card">
          <p>{intl.formatMessage({ id: 'catalogue.details.resume' }, { step: intl.formatMessage({ id: STEP_TITLES[resumeAt] }) })}</p>
          <div>
            <Link to={STEP_PATHS[resumeAt]} search={{ productId: product.id }} className={button()} data-testid="product-resume">
              {intl.formatMessage({ id: 'catalogue.details.resumeAction' })}
            </Link>
          </div>
        </Card>
      ) : null}
      {(product.status === 'draft' || product.status === 'rejected') && isComplete(product) ? (
        <Card>
          <SubmitPanel product={product} supplierId={supplierId} />
        </Card>
      ) : null}

      {PRODUCT_STEPS.filter((step) => step !== 'images').map((step) => (
        <StepCard key={step} product={product} step={step} rows={summaries[step as Exclude<ProductStep, 'images'>]} />
      ))}
      <Card data-testid="summary-images">
        <div className={cardHead}>
          <h2 className={sectionTitle}>{intl.formatMessage({ id: STEP_TITLES.images })}</h2>
          {editable && canOpenStep(product, 'images') ? (
            <Link
              to={STEP_PATHS.images}
              search={{ productId: product.id }}
              className={button({ tone: 'secondary' })}
              aria-label={`${intl.formatMessage({ id: 'catalogue.action.edit' })}: ${intl.formatMessage({ id: STEP_TITLES.images })}`}
              data-testid="edit-images"
            >
              {intl.formatMessage({ id: 'catalogue.action.edit' })}
            </Link>
          ) : null}
        </div>
        {stepDone(product, 'images') ? (
          <ul className={gallery}>
            {product.images.map((item, index) => (
              <li key={item.id}>
                <img
                  className={image}
                  src={item.thumbUrl}
                  width={item.width}
                  height={item.height}
                  loading="lazy"
                  alt={intl.formatMessage({ id: 'catalogue.images.alt' }, { number: index + 1 })}
                />
              </li>
            ))}
          </ul>
        ) : (
          <p className={mutedText}>{intl.formatMessage({ id: 'catalogue.summary.notFilled' })}</p>
        )}
      </Card>

      {product.history.length > 0 ? (
        <Card data-testid="product-history">
          <h2 className={sectionTitle}>{intl.formatMessage({ id: 'catalogue.history.title' })}</h2>
          <HistoryList
            entries={[...product.history].reverse().map((note, index) => ({
              key: `${note.at}-${index}`,
              action: note.action,
              label: intl.formatMessage({ id: NOTE_LABEL[note.action] }),
              at: note.at,
              notes: note.comment ? [note.comment] : undefined,
            }))}
          />
        </Card>
      ) : null}
      {editable && !product.live ? <DeleteDraft product={product} supplierId={supplierId} /> : null}
    </div>
  );
}
