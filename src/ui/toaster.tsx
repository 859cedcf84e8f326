import { css } from '@styled/css';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { dismissToast, toasts } from '@/lib/toast';
import { Tooltip } from './tooltip';

// At the bottom, above the safe area: at the top they covered the header's burger, company and user (decision 066).
const region = css({
  position: 'fixed',
  bottom: 'calc(1rem + env(safe-area-inset-bottom))',
  insetInlineEnd: '4',
  zIndex: 100,
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
  width: 'min(360px, calc(100vw - 2rem))',
});
const toastStyle = css({
  display: 'flex',
  alignItems: 'flex-start',
  gap: '3',
  bg: 'surface',
  borderRadius: 'control',
  boxShadow: '0 8px 24px rgba(20,20,50,0.2)',
  borderInlineStartWidth: '6px',
  px: '4',
  py: '3',
  '&[data-tone=error]': { borderColor: 'danger' },
  '&[data-tone=success]': { borderColor: 'success' },
  '&[data-tone=info]': { borderColor: 'accent' },
});
const close = css({
  marginInlineStart: 'auto',
  minWidth: 'touch',
  minHeight: 'touch',
  marginBlock: '-2',
  marginInlineEnd: '-2',
  cursor: 'pointer',
  fontSize: 'lg',
});

/**
 * How far toasts rise above the bottom of the screen: past what is marked `data-toast-avoid` (the footer's links, a
 * sticky action bar) while it is in view, so that no toast covers a control.
 */
function useLift(active: boolean): number {
  const [lift, setLift] = useState(0);
  useEffect(() => {
    if (!active) return;
    const update = () => {
      const tops = [...document.querySelectorAll('[data-toast-avoid]')].map((node) => node.getBoundingClientRect().top);
      const top = Math.min(innerHeight, ...tops.filter((value) => value >= 0));
      setLift(innerHeight - top);
    };
    update();
    addEventListener('scroll', update, { passive: true });
    addEventListener('resize', update);
    return () => {
      removeEventListener('scroll', update);
      removeEventListener('resize', update);
    };
  }, [active]);
  return lift;
}

/** Toasts at the bottom (SPEC §4 put them at the top right; decision 066); each can be closed by the user. */
export function Toaster() {
  const intl = useIntl();
  const list = useSyncExternalStore(toasts.subscribe, toasts.get, toasts.get);
  const lift = useLift(list.length > 0);
  return (
    <section
      aria-label={intl.formatMessage({ id: 'toast.region' })}
      className={region}
      // No style attribute until there is a lift: a prerendered page's markup may not carry one (the content security policy).
      style={lift ? { translate: `0 -${lift}px` } : undefined}
      data-testid="toaster"
    >
      {list.map((toast) => (
        <div
          key={toast.id}
          role={toast.tone === 'error' ? 'alert' : 'status'}
          data-tone={toast.tone}
          data-testid="toast"
          className={toastStyle}
        >
          <span>{intl.formatMessage({ id: toast.messageId }, toast.values)}</span>
          <Tooltip content={intl.formatMessage({ id: 'action.close' })}>
            <button
              type="button"
              className={close}
              onClick={() => dismissToast(toast.id)}
              aria-label={intl.formatMessage({ id: 'action.close' })}
            >
              ✕
            </button>
          </Tooltip>
        </div>
      ))}
    </section>
  );
}
