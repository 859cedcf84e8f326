import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { button } from '@/ui/button';

/** The way back to the widget list, at the foot of the add and details pages. */
export function BackToWidgets() {
  const intl = useIntl();
  return (
    <div>
      <Link to="/widgets" className={button({ tone: 'ghost' })}>
        {intl.formatMessage({ id: 'widgets.backToList' })}
      </Link>
    </div>
  );
}
