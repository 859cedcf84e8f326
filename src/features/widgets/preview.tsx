import type { Language } from '@contract/enums';
import { EMBED_PREVIEW_PATH } from '@contract/widgets';
import { css } from '@styled/css';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { mutedText } from '@/ui/layout';

export interface PreviewSettings {
  productId: string;
  /** `#RRGGBB`. */
  colour: string;
  language: Language;
  denominations: number[];
}

const frame = css({ display: 'block', width: '100%', maxWidth: '420px', height: '460px', border: 0, bg: 'transparent' });

/**
 * The widget as visitors will see it: the server's own page for settings not yet saved (it counts nothing), so the
 * preview is exactly the real thing. It reports its height like the real one; only our own frame's word counts.
 */
export function WidgetPreview({ settings }: { settings: PreviewSettings | null }) {
  const intl = useIntl();
  const ref = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState<number | null>(null);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== ref.current?.contentWindow) return;
      const data = event.data as { certdesk?: string; height?: unknown } | null;
      if (data?.certdesk === 'height' && typeof data.height === 'number' && data.height > 0)
        setHeight(Math.min(Math.ceil(data.height), 2000));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  if (!settings) return <p className={mutedText}>{intl.formatMessage({ id: 'widgets.preview.empty' })}</p>;
  const query = new URLSearchParams({
    productId: settings.productId,
    colour: settings.colour.replace('#', ''),
    language: settings.language,
    denominations: settings.denominations.join(','),
  });
  return (
    <iframe
      ref={ref}
      className={frame}
      style={height ? { height: `${height}px` } : undefined}
      src={`${EMBED_PREVIEW_PATH}?${query}`}
      title={intl.formatMessage({ id: 'widgets.preview.title' })}
      data-testid="widget-preview"
    />
  );
}
