import { css } from '@styled/css';
import type { ReactNode } from 'react';
import { sectionTitle } from '@/ui/layout';

/** The dashboard's cards: a titled panel each, and the link to its page at its foot. */
const panel = css({
  bg: 'surface',
  borderRadius: 'card',
  p: { base: '5', md: '6' },
  boxShadow: '0 1px 3px rgba(20,20,50,0.08)',
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  minWidth: 0,
});
export const more = css({ mt: 'auto', display: 'inline-flex', alignItems: 'center', minHeight: 'touch', fontWeight: 'medium' });

export function Panel({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <section className={panel} data-testid={testId}>
      <h2 className={sectionTitle}>{title}</h2>
      {children}
    </section>
  );
}
