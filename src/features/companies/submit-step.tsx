import type { SupplierGeneralInfo } from '@contract/company';
import { submitBody } from '@contract/schemas/company';
import { css, cx } from '@styled/css';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import * as v from 'valibot';
import { offerLink } from '@/lib/documents';
import { useForm } from '@/lib/form';
import { useErrorText, useLocale } from '@/lib/i18n';
import { languageOf } from '@/lib/locale';
import { mainStore } from '@/lib/main-store';
import { useStore } from '@/lib/use-store';
import { CheckboxField } from '@/ui/field';
import { Card, mutedText, sectionTitle } from '@/ui/layout';
import { CompanyDetails } from './company-details';
import { supplierInfoQuery, useSubmitCompany } from './queries';
import { StepForm, WIDE } from './step-form';

/** Submitting accepts the partner offer (SPEC §7 submit carries the interface language the offer is made in). */
const submitForm = v.object({ ...submitBody.entries, offer: v.literal(true, 'OFFER_NOT_ACCEPTED') });

interface SubmitStepProps {
  general: SupplierGeneralInfo;
  /** The cache already holds the answer (the company's progress and details follow it); the wizard moves on. */
  onSubmitted?: (general: SupplierGeneralInfo) => void;
  onBack?: () => void;
}

/**
 * Step 4 (SPEC §7 supplier/submit): accept the offer and send the company to
 * moderation in the interface language; the offer document is made in it.
 */
export function SubmitStep({ general, onSubmitted, onBack }: SubmitStepProps) {
  const intl = useIntl();
  const errorText = useErrorText();
  const locale = useLocale();
  const { region } = useStore(mainStore);
  const submit = useSubmitCompany();
  const form = useForm({ offer: false });
  const offer = offerLink(region, languageOf(locale));

  const onSubmit = () =>
    form.submit(
      submitForm,
      { supplierId: general.supplierId, language: locale, offer: form.values.offer },
      async ({ offer: _offer, ...body }) => onSubmitted?.(await submit.mutateAsync(body)),
    );

  return (
    <StepForm
      titleId="companies.step.submit"
      submitLabelId="companies.wizard.submit"
      onSubmit={() => void onSubmit()}
      submitting={form.submitting}
      formError={form.formError}
      onBack={onBack}
      intro={
        <>
          <p className={mutedText}>{intl.formatMessage({ id: 'companies.submit.intro' })}</p>
          <SubmitReview supplierId={general.supplierId} />
        </>
      }
    >
      <CheckboxField
        className={WIDE}
        label={intl.formatMessage(
          { id: 'companies.submit.offer' },
          {
            link: (chunks) => (
              <a key="offer" href={offer.href} target="_blank" rel="noopener">
                {chunks}
              </a>
            ),
          },
        )}
        checked={form.values.offer}
        error={errorText(form.errors.offer)}
        {...form.field('offer')}
      />
    </StepForm>
  );
}

/** What will be sent to the moderator, as they will see it (issue 35): to change something, go back to its step. */
function SubmitReview({ supplierId }: { supplierId: string }) {
  const intl = useIntl();
  const info = useQuery(supplierInfoQuery(supplierId)).data;
  return (
    <section aria-labelledby="submit-review-title" data-testid="submit-review">
      <h3 id="submit-review-title" className={css({ fontWeight: 'semibold', mb: '1' })}>
        {intl.formatMessage({ id: 'companies.submit.reviewTitle' })}
      </h3>
      <p className={cx(mutedText, css({ mb: '3' }))}>{intl.formatMessage({ id: 'companies.submit.reviewText' })}</p>
      {info ? <CompanyDetails info={info} dataOnly /> : null}
    </section>
  );
}

/** After submitting (SPEC §4): moderation takes about one business day, and the result comes by e-mail. */
export function WaitingPanel({ name, children }: { name: string; children?: ReactNode }) {
  const intl = useIntl();
  return (
    <Card data-testid="waiting-verification">
      <h2 className={sectionTitle}>{intl.formatMessage({ id: 'companies.waiting.title' })}</h2>
      <p role="status">{intl.formatMessage({ id: 'companies.waiting.text' }, { name })}</p>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>{children}</div>
    </Card>
  );
}
