import { PRODUCT_STEPS, type ProductDetails, type ProductStep } from '@contract/catalogue';
import type { FieldError } from '@contract/errors';
import { css } from '@styled/css';
import { Link, useNavigate } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { HttpError } from '@/lib/http';
import { useErrorText } from '@/lib/i18n';
import { useOnline } from '@/lib/online';
import { Button } from '@/ui/button';
import { FormFailure } from '@/ui/form-failure';
import { mutedText } from '@/ui/layout';
import { OfflineReason } from '@/ui/offline';
import { ImagesStep } from './images-step';
import { useSubmitProduct } from './queries';
import { STEP_PATHS, STEP_TITLES, stepDone } from './steps';

/** The server's findings at submit, by the step they belong to (`terms.validity.date`, `images`, `denominations`). */
const issuesByStep = (error: unknown): [ProductStep, FieldError][] => {
  if (!(error instanceof HttpError)) return [];
  return Object.entries(error.fields).flatMap(([field, code]): [ProductStep, FieldError][] => {
    const step = PRODUCT_STEPS.find((name) => field === name || field.startsWith(`${name}.`));
    return step ? [[step, code]] : [];
  });
};

const panel = css({ display: 'flex', flexDirection: 'column', gap: '3', borderTopWidth: '1px', borderColor: 'line', pt: '5' });
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'flex-end', alignItems: 'center' });

/**
 * Submitting for moderation (SPEC §2, decision 055): offered for a draft or a
 * product sent back, once every step is done and there is an image; until then
 * the button is disabled and says what is missing. The server checks again
 * (rules across steps); what it finds is listed with links to those steps.
 */
export function SubmitPanel({ product, supplierId, onBack }: { product: ProductDetails; supplierId: string; onBack?: () => void }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const online = useOnline();
  const submit = useSubmitProduct();
  const missing = PRODUCT_STEPS.filter((step) => !stepDone(product, step));
  const submittable = product.status === 'draft' || product.status === 'rejected';
  const reason =
    missing.length > 0
      ? intl.formatMessage(
          { id: 'catalogue.submit.missing' },
          { steps: intl.formatList(missing.map((step) => intl.formatMessage({ id: STEP_TITLES[step] }))) },
        )
      : !submittable
        ? intl.formatMessage({ id: 'catalogue.submit.nothingNew' })
        : null;
  const issues = issuesByStep(submit.error);

  const onSubmit = () =>
    submit.mutateAsync({ supplierId, productId: product.id }).then(
      () => navigate({ to: '/certificates/$productId', params: { productId: product.id } }),
      () => undefined,
    );

  return (
    <section className={panel} aria-labelledby="submit-title" data-testid="submit-panel">
      <h3 id="submit-title" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
        {intl.formatMessage({ id: 'catalogue.submit.title' })}
      </h3>
      <p className={mutedText}>{intl.formatMessage({ id: 'catalogue.submit.intro' })}</p>
      <FormFailure error={submit.error} />
      {issues.length > 0 ? (
        <ul className={css({ m: 0, pl: '5' })} data-testid="submit-issues">
          {issues.map(([step, code], index) => (
            <li key={index}>
              <Link to={STEP_PATHS[step]} search={{ productId: product.id }}>
                {intl.formatMessage({ id: STEP_TITLES[step] })}
              </Link>
              {`: ${errorText(code) ?? ''}`}
            </li>
          ))}
        </ul>
      ) : null}
      {reason ? (
        <p id="submit-reason" className={mutedText} data-testid="submit-reason">
          {reason}
        </p>
      ) : null}
      <div className={actions}>
        <OfflineReason id="submit-offline" />
        {onBack ? (
          <Button tone="secondary" onClick={onBack} data-testid="wizard-back">
            {intl.formatMessage({ id: 'catalogue.wizard.back' })}
          </Button>
        ) : null}
        <Button
          onClick={() => void onSubmit()}
          disabled={reason !== null || submit.isPending || !online}
          aria-describedby={reason ? 'submit-reason' : online ? undefined : 'submit-offline'}
          data-testid="product-submit"
        >
          {intl.formatMessage({ id: 'catalogue.submit.action' })}
        </Button>
      </div>
    </section>
  );
}

/** The last step: the images (uploaded at once, one by one), then submitting the product. */
export function ImagesPanel({ product, supplierId, onBack }: { product: ProductDetails; supplierId: string; onBack?: () => void }) {
  return (
    <>
      <ImagesStep supplierId={supplierId} product={product} />
      <SubmitPanel product={product} supplierId={supplierId} onBack={onBack} />
    </>
  );
}
