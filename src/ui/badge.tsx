import { cva, cx, type RecipeVariantProps } from '@styled/css';
import type { HTMLAttributes } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '@/lib/message-id';

/** A status in a pill, in its tone's colours (the `tone` utility of panda.config.ts). */
export const badge = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    px: '3',
    py: '0.5',
    borderRadius: 'full',
    fontWeight: 'semibold',
    fontSize: 'sm',
    whiteSpace: 'nowrap',
  },
  variants: {
    tone: {
      success: { tone: 'success' },
      neutral: { tone: 'neutral' },
      warning: { tone: 'warning' },
      danger: { tone: 'danger' },
    },
  },
  defaultVariants: { tone: 'neutral' },
});

export type BadgeTone = NonNullable<RecipeVariantProps<typeof badge>>['tone'];

export function Badge({ tone, className, ...props }: HTMLAttributes<HTMLSpanElement> & { tone: BadgeTone }) {
  return <span className={cx(badge({ tone }), className)} {...props} />;
}

/** How a status shows: its tone and its label. */
export interface StatusLook {
  tone: BadgeTone;
  messageId: MessageId;
}

/** A status in its badge, from the table of its kind (companies, people, products, widgets): the one way statuses show. */
export function StatusBadge<Status extends string>(props: { looks: Record<Status, StatusLook>; status: Status; testId: string }) {
  const { looks, status, testId } = props;
  const intl = useIntl();
  const { tone, messageId } = looks[status];
  return (
    <Badge tone={tone} data-testid={testId} data-status={status}>
      {intl.formatMessage({ id: messageId })}
    </Badge>
  );
}
