import type { ProductDetails } from '@contract/catalogue';
import { css } from '@styled/css';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { HttpError } from '@/lib/http';
import { useOnline } from '@/lib/online';
import { showToast } from '@/lib/toast';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/dialog';
import { FormFailure } from '@/ui/form-failure';
import { Card, mutedText, sectionTitle } from '@/ui/layout';
import { OfflineReason } from '@/ui/offline';
import { RejectDialog } from '@/ui/reject-dialog';
import { useFinishModeration, useResetModeration } from './queries';

const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '3', '& > button': { flex: '1 1 auto' } });
const quote = css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', borderLeftWidth: '3px', borderColor: 'line', pl: '3' });

/** Since when the working copy waits: its last submission or reset. */
const waitingSince = (product: ProductDetails): string | null =>
  product.history.findLast((note) => note.action === 'submitted' || note.action === 'reset')?.at ?? null;

/**
 * A refused rejection, as the dialog shows it: the server names the reason `comment`; anything else about the product
 * (no image, a step missing) is the dialog's failure, which names the first problem.
 */
const asReasonError = (error: unknown): unknown =>
  error instanceof HttpError
    ? new HttpError(
        error.kind,
        error.status,
        error.code,
        error.fields.comment ? { reason: error.fields.comment } : {},
        error.retryAfterSeconds,
      )
    : error;

/**
 * Approve, or send back through the dialog companies are rejected with (issue 35): the reason, required, is what the
 * company's admins read in the mail.
 */
function DecisionActions({ product }: { product: ProductDetails }) {
  const intl = useIntl();
  const online = useOnline();
  const finish = useFinishModeration(product.id);
  const [rejecting, setRejecting] = useState(false);
  const decided = (messageId: 'catalogueAdmin.moderation.approved' | 'catalogueAdmin.moderation.rejected') =>
    showToast({ tone: 'success', messageId, lifeMs: 6000 });
  const offline = online ? undefined : 'moderation-offline';

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <FormFailure error={rejecting ? null : finish.error} />
      <div className={actions}>
        <Button
          disabled={finish.isPending || !online}
          aria-describedby={offline}
          onClick={() =>
            finish.mutate({ decision: 'approve', comment: '' }, { onSuccess: () => decided('catalogueAdmin.moderation.approved') })
          }
          data-testid="moderation-approve"
        >
          {intl.formatMessage({ id: 'catalogueAdmin.moderation.approve' })}
        </Button>
        <Button
          tone="secondary"
          disabled={finish.isPending || !online}
          aria-describedby={offline}
          aria-haspopup="dialog"
          onClick={() => {
            finish.reset();
            setRejecting(true);
          }}
          data-testid="moderation-reject"
        >
          {intl.formatMessage({ id: 'catalogueAdmin.moderation.reject' })}
        </Button>
      </div>
      <OfflineReason id="moderation-offline" />
      <RejectDialog
        open={rejecting}
        onOpenChange={setRejecting}
        title={intl.formatMessage({ id: 'catalogueAdmin.moderation.rejectTitle' })}
        reasonLabel={intl.formatMessage({ id: 'moderation.reject.reason' })}
        cancelLabel={intl.formatMessage({ id: 'moderation.keep' })}
        hint={intl.formatMessage({ id: 'catalogueAdmin.moderation.rejectHint' })}
        confirmLabel={intl.formatMessage({ id: 'catalogueAdmin.moderation.rejectConfirm' })}
        reject={(comment) =>
          finish.mutateAsync({ decision: 'reject', comment }).catch((error: unknown) => {
            throw asReasonError(error);
          })
        }
        onDone={() => {
          setRejecting(false);
          decided('catalogueAdmin.moderation.rejected');
        }}
      />
    </div>
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
          {/* A new decision starts afresh: the actions remount when the product comes back. */}
          <DecisionActions key={since ?? ''} product={product} />
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
