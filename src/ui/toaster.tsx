import { useSyncExternalStore } from 'react';
import { useIntl } from 'react-intl';
import { dismissToast, toasts } from '@/lib/toast';
import { css } from '../../styled-system/css';

const region = css({
  position: 'fixed',
  top: '4',
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

/** Toasts at the top right (SPEC §4); each can be closed by the user. */
export function Toaster() {
  const intl = useIntl();
  const list = useSyncExternalStore(toasts.subscribe, toasts.get, toasts.get);
  return (
    <section aria-label={intl.formatMessage({ id: 'toast.region' })} className={region}>
      {list.map((toast) => (
        <div
          key={toast.id}
          role={toast.tone === 'error' ? 'alert' : 'status'}
          data-tone={toast.tone}
          data-testid="toast"
          className={toastStyle}
        >
          <span>{intl.formatMessage({ id: toast.messageId }, toast.values)}</span>
          <button
            type="button"
            className={close}
            onClick={() => dismissToast(toast.id)}
            aria-label={intl.formatMessage({ id: 'action.close' })}
          >
            ✕
          </button>
        </div>
      ))}
    </section>
  );
}
