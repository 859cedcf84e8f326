import { css, cx } from '@styled/css';
import type { HTMLAttributes, ReactNode } from 'react';

export const card = css({ bg: 'surface', borderRadius: 'card', p: { base: '5', md: '8' }, boxShadow: '0 1px 3px rgba(20,20,50,0.08)' });
export const stack = css({ display: 'flex', flexDirection: 'column', gap: '4' });
export const row = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' });
export const pageTitle = css({ fontSize: { base: '2xl', md: '3xl' }, fontWeight: 'bold', lineHeight: '1.2' });
export const sectionTitle = css({ fontSize: 'xl', fontWeight: 'semibold' });
export const mutedText = css({ color: 'muted' });

export function Card({ className, ...props }: HTMLAttributes<HTMLElement>) {
  return <section className={cx(card, stack, className)} {...props} />;
}

const alertStyle = css({ borderRadius: 'control', px: '4', py: '3' });

/** An inline message; errors are announced (role alert), others politely (role status). */
export function Alert({ tone = 'info', children }: { tone?: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={cx(alertStyle, css({ tone: tone === 'error' ? 'danger' : tone }))}>
      {children}
    </div>
  );
}
