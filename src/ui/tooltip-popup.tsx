import { Portal } from '@ark-ui/react/portal';
import { Tooltip } from '@ark-ui/react/tooltip';
import { css } from '@styled/css';

/** The tooltip's parts (Ark UI's anatomy), styled once: a dark label with an arrow, above the page's layers. */
const tooltip = {
  positioner: css({ zIndex: 60 }),
  content: css({
    bg: 'ink',
    color: 'surface',
    fontSize: 'sm',
    lineHeight: '1.4',
    px: '2.5',
    py: '1.5',
    borderRadius: '6px',
    maxWidth: 'min(20rem, calc(100vw - 16px))',
    overflowWrap: 'anywhere',
    boxShadow: '0 4px 14px rgba(20,20,50,0.2)',
    pointerEvents: 'none',
  }),
  arrow: css({ '--arrow-size': '8px', '--arrow-background': 'var(--colors-ink)' }),
  arrowTip: css({ borderTopWidth: '1px', borderInlineStartWidth: '1px', borderColor: 'ink' }),
};

export interface TooltipPopupProps {
  /** The wrapper around the control (./tooltip.tsx): the tooltip is placed against it. */
  anchorId: string;
  open: boolean;
  onClose: () => void;
  content: string;
}

/** Ark UI's tooltip behind `Tooltip` (./tooltip.tsx), fetched when a control first wants one; open is the wrapper's. */
export function TooltipPopup({ anchorId, open, onClose, content }: TooltipPopupProps) {
  const classes = tooltip;
  return (
    <Tooltip.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      openDelay={0}
      closeDelay={0}
      lazyMount
      unmountOnExit
      ids={{ trigger: anchorId }}
      positioning={{ placement: 'bottom' }}
    >
      <Portal>
        <Tooltip.Positioner className={classes.positioner}>
          <Tooltip.Content className={classes.content} data-testid="tooltip">
            <Tooltip.Arrow className={classes.arrow}>
              <Tooltip.ArrowTip className={classes.arrowTip} />
            </Tooltip.Arrow>
            {content}
          </Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}
