import type { ProductDetails } from '@contract/catalogue';
import { finishModerationBody } from '@contract/schemas/catalogue';
import { css } from '@styled/css';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useForm } from '@/lib/form';
import { HttpError } from '@/lib/http';
import { useErrorText } from '@/lib/i18n';
import { useOnline } from '@/lib/online';
import { showToast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/dialog';
import { FormFailure } from '@/ui/form-failure';
import { Card, mutedText, sectionTitle } from '@/ui/layout';
import { OfflineReason } from '@/ui/offline';
import { TextAreaField } from '@/ui/text-area-field';
import { useFinishModeration, useResetModeration, type Decision } from './queries';

const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '3', '& > button': { flex: '1 1 auto' } });
const quote = css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', borderLeftWidth: '3px', borderColor: 'line', pl: '3' });

/** Since when the working copy waits: its last submission or reset. */
const waitingSince = (product: ProductDetails): string | null =>
  product.history.findLast((note) => note.action === 'submitted' || note.action === 'reset')?.at ?? null;

/**
 * A refused decision, as the form shows it: the comment's own problem next to the comment, anything else about the
 * product (no image, a step missing) as the form's failure, which names the first problem.
 */
const asDecisionError = (error: unknown): unknown =>
  error instanceof HttpError && Object.keys(error.fields).some((name) => name !== 'comment')
    ? new HttpError(error.kind, error.status, error.code, {}, error.retryAfterSeconds)
    : error;

/** Approve or send back, with the comment the company's admins read in the mail (required to send back). */
function DecisionForm({ product }: { product: ProductDetails }) {
  const intl = useIntl();
  const errorText = useErrorText();
  const online = useOnline();
  const finish = useFinishModeration(product.id);
  const form = useForm({ comment: '' });

  const decide = (decision: Decision['decision']) =>
    form.submit(finishModerationBody, { decision, comment: form.values.comment }, async (body) => {
      await finish.mutateAsync(body).catch((error: unknown) => {
        throw asDecisionError(error);
      });
      showToast({
        tone: 'success',
        messageId: decision === 'approve' ? 'catalogueAdmin.moderation.approved' : 'catalogueAdmin.moderation.rejected',
        lifeMs: 6000,
      });
    });

  return (
    <form
      noValidate
      className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}
      onSubmit={(event) => {
        event.preventDefault();
        void decide('approve');
      }}
    >
      <FormFailure error={form.formError} />
      <TextAreaField
        label={intl.formatMessage({ id: 'catalogueAdmin.moderation.comment' })}
        hint={intl.formatMessage({ id: 'catalogueAdmin.moderation.commentHint' })}
        name="comment"
        rows={4}
        value={form.values.comment}
        error={errorText(form.errors.comment)}
        onChange={(event) => {
          const comment = event.target.value;
          form.setValues({ comment });
          form.setErrors({});
        }}
      />
      <div className={actions}>
        <Button
          type="submit"
          disabled={form.submitting || !online}
          aria-describedby={online ? undefined : 'moderation-offline'}
          data-testid="moderation-approve"
        >
          {intl.formatMessage({ id: 'catalogueAdmin.moderation.approve' })}
        </Button>
        <Button
          tone="secondary"
          disabled={form.submitting || !online}
          aria-describedby={online ? undefined : 'moderation-offline'}
          onClick={() => void decide('reject')}
          data-testid="moderation-reject"
        >
          {intl.formatMessage({ id: 'catalogueAdmin.moderation.reject' })}
        </Button>
      </div>
      <OfflineReason id="moderation-offline" />
    </form>
  );
}

/** Puts the working copy back on moderation after a confirmation; what is on sale stays on sale. */
function ResetAction({ product }: { product: ProductDetails }) {
  const intl = useIntl();
  const online = useOnline();
  const reset = useResetModeration(product.id);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button tone="secondary" disabled={!online} onClick={() => setOpen(true)} data-testid="moderation-reset">
        {intl.formatMessage({ id: 'catalogueAdmin.moderation.reset' })}
      </Button>
      <OfflineReason id="reset-offline" />
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) reset.reset();
        }}
        title={intl.formatMessage({ id: 'catalogueAdmin.moderation.resetTitle' })}
        description={intl.formatMessage({
          id: product.live ? 'catalogueAdmin.moderation.resetTextLive' : 'catalogueAdmin.moderation.resetText',
        })}
        confirmLabel={intl.formatMessage({ id: 'catalogueAdmin.moderation.reset' })}
        cancelLabel={intl.formatMessage({ id: 'catalogueAdmin.keep' })}
        closeLabel={intl.formatMessage({ id: 'action.close' })}
        disabled={reset.isPending}
        onConfirm={() =>
          void reset.mutateAsync(undefined).then(
            () => {
              setOpen(false);
              showToast({ tone: 'success', messageId: 'catalogueAdmin.moderation.resetDone', lifeMs: 6000 });
            },
            () => undefined,
          )
        }
      >
        <FormFailure error={reset.error} />
      </ConfirmDialog>
    </>
  );
}

/**
 * The moderation panel (SPEC §4 "product in moderation"): what the status
 * means, and only the actions it allows — approve or send back while on
 * moderation, reset once approved or sent back; a draft waits for the company.
 */
export function ModerationPanel({ product }: { product: ProductDetails }) {
  const intl = useIntl();
  const since = waitingSince(product);
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Card data-testid="moderation-panel" aria-labelledby="moderation-panel-title">
      <h2 id="moderation-panel-title" className={sectionTitle}>
        {intl.formatMessage({ id: 'catalogueAdmin.moderation.title' })}
      </h2>
      {product.status === 'moderation' ? (
        <>
          <p className={mutedText}>
            {since
              ? intl.formatMessage({ id: 'catalogueAdmin.moderation.waitingSince' }, { date: date(since) })
              : intl.formatMessage({ id: 'catalogueAdmin.moderation.waiting' })}
          </p>
          {/* A new decision starts with an empty comment: the form remounts when the product comes back. */}
          <DecisionForm key={since ?? ''} product={product} />
        </>
      ) : null}
      {product.status === 'draft' ? <p className={mutedText}>{intl.formatMessage({ id: 'catalogueAdmin.moderation.draft' })}</p> : null}
      {product.status === 'rejected' ? (
        <>
          <p className={mutedText}>{intl.formatMessage({ id: 'catalogueAdmin.moderation.rejectedText' })}</p>
          {product.moderationComment ? (
            <p className={quote} data-testid="moderation-comment">
              {product.moderationComment}
            </p>
          ) : null}
        </>
      ) : null}
      {product.status === 'active' ? (
        <p className={mutedText}>{intl.formatMessage({ id: 'catalogueAdmin.moderation.activeText' })}</p>
      ) : null}
      {product.status === 'active' || product.status === 'rejected' ? <ResetAction product={product} /> : null}
    </Card>
  );
}
