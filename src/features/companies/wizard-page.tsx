import type { SupplierGeneralInfo } from '@contract/company';
import { css } from '@styled/css';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { HttpError } from '@/lib/http';
import { useFailureText, useLocale } from '@/lib/i18n';
import { useStore } from '@/lib/use-store';
import { Button, button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/dialog';
import { FormFailure } from '@/ui/form-failure';
import { Alert, mutedText, pageTitle } from '@/ui/layout';
import { PagePending } from '@/ui/page-states';
import { BankStep } from './bank-step';
import { CompanyStep } from './company-step';
import { LegalStep } from './legal-step';
import { generalInfoQuery, supplierInfoQuery, useCancelCreation } from './queries';
import { Stepper } from './stepper';
import { SubmitStep, WaitingPanel } from './submit-step';
import { canOpenStep, currentStep, firstUnsavedStep, goToStep, resetWizard, syncWithServer, type StepNumber } from './wizard';
import { clearStepDrafts, wizardStore } from './wizard-store';

const page = css({ display: 'flex', flexDirection: 'column', gap: '5', maxWidth: '960px', width: '100%', mx: 'auto' });

const isNotFound = (error: unknown) => error instanceof HttpError && error.status === 404;

/** The server has answered since the page opened (or cannot now: offline, the saved answer is all there is). */
const settled = (query: { isFetchedAfterMount: boolean; fetchStatus: string }) =>
  query.isFetchedAfterMount || query.fetchStatus === 'paused';

/**
 * /companies/add: the four steps of SPEC §2, each saved on the server. Without
 * a company named in the address it resumes the draft this browser was
 * creating (at its first unsaved step), or starts a new one; `supplierId`
 * opens that company (continue a draft; with `edit`, change a saved or rejected
 * one from step 1 and submit it again).
 */
export function WizardPage({ supplierId: requested, edit = false }: { supplierId?: string; edit?: boolean }) {
  const intl = useIntl();
  const failureText = useFailureText();
  const navigate = useNavigate();
  const state = useStore(wizardStore);
  const locale = useLocale();
  const targetId = requested ?? state.selectedSupplierId;
  const general = useQuery({ ...generalInfoQuery(targetId ?? ''), enabled: targetId !== null });
  const info = useQuery({ ...supplierInfoQuery(targetId ?? ''), enabled: targetId !== null });
  const step = currentStep(state);
  const [cancelOpen, setCancelOpen] = useState(false);
  const cancel = useCancelCreation();

  // Another company than the one held: the wizard starts over for it (the server then says where it stands).
  useEffect(() => {
    if (requested && requested !== wizardStore.get().selectedSupplierId) {
      clearStepDrafts();
      wizardStore.set((prev) => ({ ...resetWizard(prev), selectedSupplierId: requested, editMode: edit }));
    }
  }, [requested, edit]);

  // The first answer about a company places the wizard: a draft resumes at its first unsaved step; an edit opens
  // step 1; a company on moderation shows the waiting step. Without an address, only a draft or a submission just
  // made is resumed: a company since decided on is not what "add a company" means, so a new one starts.
  const placed = useRef<string | null>(null);
  // The draft the page opened on (not one created during this visit): only that one is said to be resumed.
  const [openedOn, setOpenedOn] = useState(targetId);
  useEffect(() => {
    const data = general.data;
    // Placed on the server's answer of now, not on a saved one from before a moderator's decision.
    if (!data || data.supplierId !== targetId || placed.current === targetId || !settled(general)) return;
    placed.current = targetId;
    if (!requested && data.status !== 'draft' && data.status !== 'moderation') {
      clearStepDrafts();
      wizardStore.set(resetWizard);
      return;
    }
    const editing = requested ? edit : wizardStore.get().editMode;
    wizardStore.set((prev) => syncWithServer(prev, data, { editMode: editing, current: editing ? 1 : firstUnsavedStep(data) }));
  }, [general, targetId, requested, edit]);

  // The draft this browser held is gone (cancelled in another tab): start afresh.
  useEffect(() => {
    if (!requested && targetId && isNotFound(general.error)) {
      clearStepDrafts();
      wizardStore.set(resetWizard);
    }
  }, [general.error, requested, targetId]);

  // A new step takes the focus to its title, so keyboard and screen-reader users start at its top.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    document.getElementById('wizard-step-title')?.focus();
  }, [step]);

  const afterSave = (saved: SupplierGeneralInfo, next: StepNumber) =>
    wizardStore.set((prev) => syncWithServer(prev, saved, { current: next }));
  // SPEC §3: the wizard's language is the one the company was submitted in (the interface's).
  const afterSubmit = (saved: SupplierGeneralInfo) =>
    wizardStore.set((prev) => ({ ...syncWithServer(prev, saved, { current: 4 }), language: locale }));
  const open = (target: StepNumber) => wizardStore.set((prev) => goToStep(prev, target));
  const startAnother = () => {
    clearStepDrafts();
    placed.current = null;
    setOpenedOn(null);
    wizardStore.set(resetWizard);
    if (requested) void navigate({ to: '/companies/add', search: {} });
  };

  const data = targetId ? general.data : undefined;
  const heading = (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
      <h1 className={pageTitle}>{intl.formatMessage({ id: state.editMode ? 'companies.wizard.editTitle' : 'companies.wizard.title' })}</h1>
      {data ? <p className={mutedText}>{data.name}</p> : null}
    </div>
  );

  const failure = targetId ? (general.error ?? info.error) : null;
  if (targetId && !failure && (!settled(general) || !settled(info) || !general.data || !info.data)) {
    return (
      <div className={page}>
        {heading}
        <PagePending />
      </div>
    );
  }
  if (failure && requested) {
    return (
      <div className={page}>
        {heading}
        <Alert tone="error">{failureText(failure)}</Alert>
        <Link to="/companies" className={button({ tone: 'secondary' })}>
          {intl.formatMessage({ id: 'companies.backToList' })}
        </Link>
      </div>
    );
  }

  const company = info.data && info.data.supplierId === targetId ? info.data : null;
  const editable = !data || data.editable;
  const resumed = !requested && data?.status === 'draft' && !state.editMode && openedOn === targetId;

  return (
    <div className={page}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', justifyContent: 'space-between', alignItems: 'flex-start' })}>
        {heading}
        <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>
          {resumed ? (
            <Button tone="secondary" onClick={startAnother} data-testid="wizard-start-another">
              {intl.formatMessage({ id: 'companies.wizard.startAnother' })}
            </Button>
          ) : null}
          {/* A draft never submitted can be dropped at any step. */}
          {data?.cancellable ? (
            <Button tone="ghost" onClick={() => setCancelOpen(true)} data-testid="wizard-cancel">
              {intl.formatMessage({ id: 'companies.cancel.action' })}
            </Button>
          ) : null}
        </div>
      </div>
      {resumed ? (
        <p className={mutedText} data-testid="wizard-resumed">
          {intl.formatMessage({ id: 'companies.wizard.resumed' }, { name: data.name })}
        </p>
      ) : null}
      {data?.status === 'rejected' && data.rejectionReason ? (
        <Alert tone="error">
          <strong>{intl.formatMessage({ id: 'companies.rejectedReason' })}</strong>{' '}
          <span data-testid="wizard-rejection-reason">{data.rejectionReason}</span>
        </Alert>
      ) : null}
      <Stepper steps={state.steps} canOpen={(target) => editable && canOpenStep(state, target)} onOpen={open} />

      {step === 1 && editable ? (
        <CompanyStep key={`1:${targetId ?? 'new'}`} info={company} onSaved={(saved) => afterSave(saved, 2)} />
      ) : null}
      {step === 2 && editable && company ? (
        <LegalStep
          key={`2:${company.supplierId}:${company.country}`}
          info={company}
          onSaved={(saved) => afterSave(saved, 3)}
          onBack={() => open(1)}
        />
      ) : null}
      {step === 3 && editable && company ? (
        <BankStep
          key={`3:${company.supplierId}:${company.country}`}
          info={company}
          onSaved={(saved) => afterSave(saved, 4)}
          onBack={() => open(2)}
        />
      ) : null}
      {step === 4 && data && data.editable ? <SubmitStep general={data} onSubmitted={afterSubmit} onBack={() => open(3)} /> : null}
      {data && !data.editable ? (
        <WaitingPanel name={data.name}>
          <Link to="/companies/supplier/$supplierId" params={{ supplierId: data.supplierId }} className={button({ tone: 'secondary' })}>
            {intl.formatMessage({ id: 'companies.action.details' })}
          </Link>
          <Link to="/companies" className={button({ tone: 'secondary' })}>
            {intl.formatMessage({ id: 'companies.backToList' })}
          </Link>
          <Button tone="ghost" onClick={startAnother} data-testid="wizard-start-another">
            {intl.formatMessage({ id: 'companies.wizard.startAnother' })}
          </Button>
        </WaitingPanel>
      ) : null}

      {data ? (
        <ConfirmDialog
          open={cancelOpen}
          onOpenChange={setCancelOpen}
          title={intl.formatMessage({ id: 'companies.cancel.title' })}
          description={intl.formatMessage({ id: 'companies.cancel.text' }, { name: data.name })}
          confirmLabel={intl.formatMessage({ id: 'companies.cancel.confirm' })}
          cancelLabel={intl.formatMessage({ id: 'companies.cancel.keep' })}
          closeLabel={intl.formatMessage({ id: 'action.close' })}
          disabled={cancel.isPending}
          onConfirm={() =>
            void cancel.mutateAsync(data.supplierId).then(
              async () => {
                setCancelOpen(false);
                clearStepDrafts();
                wizardStore.set(resetWizard);
                await navigate({ to: '/companies' });
              },
              () => undefined,
            )
          }
        >
          <FormFailure error={cancel.error} />
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
