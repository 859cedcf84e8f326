import { css } from '@styled/css';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { reviewQuery } from './queries';

const backLink = css({
  color: 'accent',
  textDecoration: 'underline',
  alignSelf: 'flex-start',
  minHeight: 'touch',
  display: 'inline-flex',
  alignItems: 'center',
});

/**
 * Back from a staff page about one company (its audit log) to its review page, named: staff come from the queue with
 * many companies in mind. The review's query is the one the review page read, so it is usually cached.
 */
export function CompanyBackLink({ supplierId }: { supplierId: string }) {
  const intl = useIntl();
  const review = useQuery(reviewQuery(supplierId));
  const name = review.data ? review.data.supplierName || review.data.name : intl.formatMessage({ id: 'moderation.reviewTitle' });
  return (
    <Link to="/admin/companies/$supplierId" params={{ supplierId }} className={backLink} data-testid="audit-company">
      {intl.formatMessage({ id: 'moderation.backToCompany' }, { name })}
    </Link>
  );
}
