import { cva, cx, type RecipeVariantProps } from '@styled/css';
import type { HTMLAttributes } from 'react';

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
