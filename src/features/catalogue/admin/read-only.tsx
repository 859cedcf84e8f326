import type { ProductDetails } from '@contract/catalogue';
import { css } from '@styled/css';
import { useIntl } from 'react-intl';
import { DetailList } from '@/ui/detail-list';
import { Card, mutedText, sectionTitle } from '@/ui/layout';
import { productPicture } from '../picture';
import { STEP_TITLES } from '../steps';
import { useStepRows } from '../summaries';

/** The terms as the company saved them (staff review them here; the company changes them in its wizard). */
export function TermsCard({ product }: { product: ProductDetails }) {
  const intl = useIntl();
  const rows = useStepRows();
  const terms = product.data.terms;
  return (
    <Card data-testid="product-terms" aria-labelledby="terms-title">
      <h2 id="terms-title" className={sectionTitle}>
        {intl.formatMessage({ id: STEP_TITLES.terms })}
      </h2>
      {terms ? (
        <DetailList rows={rows.terms(terms)} />
      ) : (
        <p className={mutedText}>{intl.formatMessage({ id: 'catalogue.summary.notFilled' })}</p>
      )}
    </Card>
  );
}

const gallery = css({
  display: 'grid',
  gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
  gap: '3',
  listStyle: 'none',
  p: 0,
  m: 0,
});
const picture = css(productPicture, { width: '100%' });

/** The images in the company's order, the first being the cover; each opens full size. */
export function ImagesCard({ product }: { product: ProductDetails }) {
  const intl = useIntl();
  return (
    <Card data-testid="product-images" aria-labelledby="images-title">
      <h2 id="images-title" className={sectionTitle}>
        {intl.formatMessage({ id: STEP_TITLES.images })}
      </h2>
      {product.images.length ? (
        <ul className={gallery}>
          {product.images.map((image, index) => (
            <li key={image.id} className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
              <a href={image.url} target="_blank" rel="noreferrer">
                <img
                  src={image.thumbUrl}
                  alt={intl.formatMessage({ id: 'catalogue.images.alt' }, { number: index + 1 })}
                  className={picture}
                  loading="lazy"
                />
              </a>
              {index === 0 ? (
                <span className={css({ fontSize: 'sm', color: 'muted' })}>{intl.formatMessage({ id: 'catalogueAdmin.images.cover' })}</span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className={mutedText}>{intl.formatMessage({ id: 'catalogueAdmin.images.none' })}</p>
      )}
    </Card>
  );
}
