import type { Language } from '@contract/enums';
import { embedCode } from '@contract/widgets';
import { css } from '@styled/css';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/ui/button';
import { copyText } from '@/ui/copy-text';

const codeBox = css({
  width: '100%',
  minHeight: '7.5rem',
  p: '3',
  fontFamily: 'mono',
  fontSize: 'sm',
  lineHeight: '1.5',
  borderWidth: '1px',
  borderColor: 'line',
  borderRadius: 'control',
  bg: 'canvas',
  resize: 'vertical',
  whiteSpace: 'pre',
  overflowX: 'auto',
});

/**
 * The placement snippet for the supplier's site (loader, spot, a link for browsers without scripts), served from this
 * portal's own address, read-only, with a copy button.
 */
export function EmbedCode({ widgetId, language, label }: { widgetId: string; language: Language; label?: string }) {
  const intl = useIntl();
  const id = useId();
  // Its link for browsers without scripts speaks the widget's language, like the widget (not the portal's).
  const code = embedCode(window.location.origin, widgetId, language);
  const copy = () => copyText(code, { copied: 'widgets.embed.copied', failed: 'widgets.embed.copyFailed' });
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
      <label htmlFor={id} className={css({ fontWeight: 'medium', fontSize: 'sm' })}>
        {label ?? intl.formatMessage({ id: 'widgets.embed.label' })}
      </label>
      <textarea
        id={id}
        className={codeBox}
        readOnly
        value={code}
        spellCheck={false}
        onFocus={(event) => event.target.select()}
        data-testid="widget-embed-code"
      />
      <div>
        <Button tone="secondary" onClick={() => void copy()} data-testid="widget-embed-copy">
          {intl.formatMessage({ id: 'widgets.embed.copy' })}
        </Button>
      </div>
    </div>
  );
}
