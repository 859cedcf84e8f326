import { css } from '@styled/css';
import { lazy, Suspense, useId, useRef, useState, type ReactNode } from 'react';

const loadPopup = () => import('./tooltip-popup');
const TooltipPopup = lazy(() => loadPopup().then((parts) => ({ default: parts.TooltipPopup })));

// Wraps the control without changing its layout; the popup is placed against it.
const anchor = css({ display: 'inline-flex', minWidth: 0, maxWidth: '100%' });

/**
 * A text shown inside but cut short with an ellipsis: only then does a truncated value need its tooltip. Text clipped
 * to nothing on purpose (a screen reader's label) does not count.
 */
const cut = (element: HTMLElement): boolean =>
  [element, ...element.querySelectorAll<HTMLElement>('*')].some(
    (node) => node.clientWidth > 1 && node.scrollWidth > node.clientWidth + 1 && getComputedStyle(node).textOverflow === 'ellipsis',
  );

/**
 * A tooltip (SPEC §9: shown and hidden without delay, Escape closes it) for an icon or a value cut short: pointing
 * at the control or focusing it from the keyboard shows `content`. The control keeps its own accessible name, which
 * already says the same (an icon's label, the whole value), so the tooltip adds nothing for screen readers.
 *
 * The control is rendered as given, never replaced; Ark's tooltip (its positioning and Escape) is fetched when the
 * control is first pointed at or focused, not with the page (decision 073), and placed against this wrapper.
 */
export function Tooltip({ content, children, ifCut = false }: { content: string; children: ReactNode; ifCut?: boolean }) {
  const id = useId();
  const ref = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const show = () => {
    if (ifCut && !cut(ref.current!)) return;
    setWanted(true);
    setOpen(true);
  };
  return (
    <>
      <span
        ref={ref}
        id={id}
        className={anchor}
        onPointerEnter={(event) => {
          // A finger has no hover: on a phone the control's own label is what counts.
          if (event.pointerType !== 'touch') show();
        }}
        onPointerLeave={() => setOpen(false)}
        onPointerDown={() => setOpen(false)}
        onFocus={(event) => {
          if (event.target.matches(':focus-visible')) show();
        }}
        onBlur={() => setOpen(false)}
      >
        {children}
      </span>
      {wanted ? (
        <Suspense fallback={null}>
          <TooltipPopup anchorId={id} open={open} onClose={() => setOpen(false)} content={content} />
        </Suspense>
      ) : null}
    </>
  );
}
