import { Menu } from '@ark-ui/react/menu';
import { Portal } from '@ark-ui/react/portal';
import { css } from '@styled/css';
import type { ChoiceMenuProps } from './menu';
import { triggerStyle, TriggerText } from './menu-trigger';
import { popupItem, popupList, popupTick } from './popup-list';

const content = css(popupList, { minWidth: '60' });
const item = css(popupItem);
const tick = css(popupTick);

const separator = css({ borderTopWidth: '1px', borderColor: 'line', my: '1' });
const actionItem = css({
  display: 'flex',
  alignItems: 'center',
  minHeight: 'touch',
  px: '3',
  cursor: 'pointer',
  color: 'accentText',
  fontWeight: 'medium',
  '&[data-highlighted]': { bg: 'accentSoft' },
});

/** Ark UI's menu behind `ChoiceMenu` (./menu.tsx), fetched when the trigger is first pointed at or focused; it opens as it mounts. */
export function ChoiceMenuPopup(props: ChoiceMenuProps) {
  const { label, triggerText, value, options, onChange, actions = [], openAtMount } = props;
  return (
    <Menu.Root positioning={{ placement: 'bottom-start' }} defaultOpen={openAtMount}>
      <Menu.Trigger className={triggerStyle}>
        <TriggerText label={label} text={triggerText} />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content className={content}>
            <Menu.RadioItemGroup value={value ?? ''} onValueChange={(details) => onChange(details.value)}>
              {options.map((option) => (
                <Menu.RadioItem
                  key={option.value}
                  value={option.value}
                  className={item}
                  style={{ paddingInlineStart: `${0.75 + (option.depth ?? 0) * 1.25}rem` }}
                >
                  <Menu.ItemIndicator className={tick} aria-hidden="true">
                    ✓
                  </Menu.ItemIndicator>
                  <Menu.ItemText>{option.label}</Menu.ItemText>
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
            {actions.length > 0 ? (
              <>
                {options.length > 0 ? <Menu.Separator className={separator} /> : null}
                {actions.map((action) => (
                  <Menu.Item
                    key={action.value}
                    value={action.value}
                    className={actionItem}
                    onSelect={action.onSelect}
                    data-menu-action={action.value}
                  >
                    {action.label}
                  </Menu.Item>
                ))}
              </>
            ) : null}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
