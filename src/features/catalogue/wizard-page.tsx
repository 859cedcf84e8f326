import { PRODUCT_STEPS, type ProductDetails, type ProductStep } from '@contract/catalogue';
import { REGION_COUNTRY } from '@contract/company';
import { COUNTRY_CURRENCY } from '@contract/enums';
import { css, cx } from '@styled/css';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { mainStore } from '@/lib/main-store';
import { useSupplierId } from '@/lib/queries';
import { useStore } from '@/lib/use-store';
import { button } from '@/ui/button';
import { Alert, Card, mutedText, pageTitle, sectionTitle } from '@/ui/layout';
import { PagePending, QueryFallback } from '@/ui/page-states';
import { Stepper } from '@/ui/stepper';
import { CharacteristicsForm } from './forms/characteristics-form';
import { DenominationsForm } from './forms/denominations-form';
import { InformationForm } from './forms/information-form';
import { TermsForm } from './forms/terms-form';
import { ImagesPanel } from './images-panel';
import { productQuery, useCreateProduct, useSaveStep, type SaveStepBody } from './queries';
import { RejectedReason } from './rejected-reason';
import { OnSaleBadge, ProductStatusBadge } from './status-badge';
import { canOpenStep, firstIncompleteStep, isEditable, nextStep, previousStep, STEP_PATHS, STEP_TITLES, stepDone } from './steps';

const page = css({ display: 'flex', flexDirection: 'column', gap: '5', maxWidth: '960px', width: '100%', mx: 'auto' });
const head = css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'space-between', alignItems: 'flex-start' });

/** The address of a step of a product; the first step without a product starts a new one. */
export const stepLink = (step: ProductStep, productId: string | undefined) => ({
  to: STEP_PATHS[step],
  search: { productId },
});

/** The five steps: done ones and the first one to do are links; the current one is marked. */
function WizardSteps({ product, step }: { product: ProductDetails | null; step: ProductStep }) {
  const intl = useIntl();
  return (
    <Stepper
      label={intl.formatMessage({ id: 'catalogue.wizard.steps' })}
      stepOf={(position, total) => intl.formatMessage({ id: 'catalogue.wizard.stepOf' }, { step: position, total })}
      doneLabel={intl.formatMessage({ id: 'catalogue.wizard.stepDone' })}
      steps={PRODUCT_STEPS.map((key) => ({
        key,
        title: intl.formatMessage({ id: STEP_TITLES[key] }),
        completed: product !== null && stepDone(product, key),
        current: key === step,
        render:
          product && canOpenStep(product, key)
            ? ({ children, ...props }) => (
                <Link {...stepLink(key, product.id)} {...props}>
                  {children}
                </Link>
              )
            : undefined,
      }))}
    />
  );
}

/**
 * One step of the product wizard (SPEC §2 /certificates/add…): each step is a
 * page of its own, saved on the server when the admin moves on, so leaving
 * half-way loses nothing and the product resumes from the list. Step 1 without
 * a product creates one; a step later than the first one not done sends the
 * admin there. A product on moderation cannot be changed (the page says so).
 */
export function WizardPage({ step, productId }: { step: ProductStep; productId?: string }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const supplierId = useSupplierId();
  const { region } = useStore(mainStore);
  const query = useQuery({ ...productQuery(supplierId ?? '', productId ?? ''), enabled: Boolean(supplierId && productId) });
  const product = productId && query.data?.id === productId ? query.data : null;
  const create = useCreateProduct();
  const save = useSaveStep();

  // A step that cannot be opened yet (or any but the first without a product) sends the admin to where to go on.
  const target = productId
    ? product && !canOpenStep(product, step)
      ? firstIncompleteStep(product)
      : null
    : step === 'characteristics'
      ? null
      : step;
  useEffect(() => {
    if (!productId && step !== 'characteristics') void navigate({ ...stepLink('characteristics', undefined), replace: true });
    else if (target && product) void navigate({ ...stepLink(target, product.id), replace: true });
  }, [navigate, productId, product, step, target]);

  // Each step starts at its title, so keyboard and screen-reader users begin at its top after Next or Back.
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (document.activeElement === document.body) titleRef.current?.focus();
  }, [step, product?.id]);

  const heading = (
    <div className={head}>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', minWidth: 0 })}>
        <h1 className={cx(pageTitle, css({ overflowWrap: 'anywhere' }))}>
          {product ? product.data.characteristics.name : intl.formatMessage({ id: 'catalogue.wizard.newTitle' })}
        </h1>
        {product ? (
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' })}>
            <ProductStatusBadge status={product.status} />
            {product.live ? <OnSaleBadge /> : null}
          </div>
        ) : null}
      </div>
      <Link
        to={product ? '/certificates/$productId' : '/certificates'}
        params={product ? { productId: product.id } : undefined}
        className={button({ tone: 'ghost' })}
        data-testid="wizard-leave"
      >
        {intl.formatMessage({ id: product ? 'catalogue.wizard.toDetails' : 'catalogue.backToList' })}
      </Link>
    </div>
  );

  if (productId && !product) {
    return (
      <div className={page}>
        <QueryFallback
          queries={[query]}
          back={
            <Link to="/certificates" className={button({ tone: 'secondary' })}>
              {intl.formatMessage({ id: 'catalogue.backToList' })}
            </Link>
          }
        />
      </div>
    );
  }
  if (target || !supplierId) {
    return (
      <div className={page}>
        <PagePending />
      </div>
    );
  }

  const next = nextStep(step);
  const previous = previousStep(step);
  const goTo = (to: ProductStep, id: string) => navigate(stepLink(to, id));
  const onBack = previous && product ? () => void goTo(previous, product.id) : undefined;
  const common = {
    pending: save.isPending || create.isPending,
    submitLabel: intl.formatMessage({ id: 'catalogue.wizard.saveNext' }),
    onBack,
  };
  /** Saves the step, then opens the next one; a refusal stays on the form, with everything typed. */
  const saveStep = (body: SaveStepBody) =>
    save.mutateAsync(body).then(
      (saved) => (next ? goTo(next, saved.id) : undefined),
      () => undefined,
    );
  const stepBody = <S extends SaveStepBody['step']>(stepName: S) => ({ supplierId, productId: product?.id ?? '', step: stepName });

  const editable = !product || isEditable(product);
  return (
    <div className={page}>
      {heading}
      <WizardSteps product={product} step={step} />
      {product ? <RejectedReason product={product} /> : null}
      {product?.live && editable ? <p className={mutedText}>{intl.formatMessage({ id: 'catalogue.liveNote.draft' })}</p> : null}
      <Card>
        <h2 className={sectionTitle} ref={titleRef} tabIndex={-1} data-testid="wizard-step-title">
          {intl.formatMessage({ id: STEP_TITLES[step] })}
        </h2>
        {!editable ? (
          <Alert tone="info">
            <span data-testid="wizard-not-editable">{intl.formatMessage({ id: 'catalogue.wizard.onModeration' })}</span>
          </Alert>
        ) : null}
        {editable && step === 'characteristics' ? (
          <CharacteristicsForm
            key={product?.id ?? 'new'}
            {...common}
            value={product?.data.characteristics ?? null}
            country={product?.country ?? REGION_COUNTRY[region]}
            error={product ? save.error : create.error}
            onSubmit={(data) =>
              product
                ? void saveStep({ ...stepBody('characteristics'), data })
                : void create.mutateAsync({ supplierId, data }).then(
                    (created) => goTo('denominations', created.id),
                    () => undefined,
                  )
            }
          />
        ) : null}
        {editable && product && step === 'denominations' ? (
          <DenominationsForm
            key={product.id}
            {...common}
            value={product.data.denominations}
            currency={COUNTRY_CURRENCY[product.country]}
            error={save.error}
            onSubmit={(data) => void saveStep({ ...stepBody('denominations'), data })}
          />
        ) : null}
        {editable && product && step === 'information' ? (
          <InformationForm
            key={product.id}
            {...common}
            value={product.data.information}
            error={save.error}
            onSubmit={(data, { confirmCodeReset }) => void saveStep({ ...stepBody('information'), data, confirmCodeReset })}
          />
        ) : null}
        {editable && product && step === 'terms' ? (
          <TermsForm
            key={product.id}
            {...common}
            value={product.data.terms}
            acceptance={product.data.information?.acceptance}
            error={save.error}
            onSubmit={(data) => void saveStep({ ...stepBody('terms'), data })}
          />
        ) : null}
        {editable && product && step === 'images' ? <ImagesPanel product={product} supplierId={supplierId} onBack={onBack} /> : null}
      </Card>
    </div>
  );
}
