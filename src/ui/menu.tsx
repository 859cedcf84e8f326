import { lazy, Suspense, useState, type ReactNode } from 'react';
import { triggerStyle, TriggerText } from './menu-trigger';

/** A command under the choices ("All companies"): not a choice, so it carries no tick. */
export interface MenuAction {
  value: string;
  label: string;
  onSelect: () => void;
}

export interface ChoiceOption {
  value: string;
  label: string;
  /** Indentation level: branches sit under their parent. */
  depth?: number;
}

export interface ChoiceMenuProps {
  label: string;
  triggerText: ReactNode;
  value: string | null;
  options: ChoiceOption[];
  onChange: (value: string) => void;
  actions?: MenuAction[];
  /** The trigger was pressed before the menu's code had come: it opens as it mounts. */
  openAtMount?: boolean;
}

const loadPopup = () => import('./menu-popup');
const ChoiceMenuPopup = lazy(() => loadPopup().then((parts) => ({ default: parts.ChoiceMenuPopup })));

/**
 * A dropdown of choices with a tick on the chosen one, and commands under them (Ark UI menu: keyboard and screen-reader
 * ready). Until it is first opened the trigger is a plain button of the same look and name: the menu's code (and its
 * positioning library) is fetched when the trigger is pointed at or focused, not with the page (decision 073).
 */
export function ChoiceMenu(props: Omit<ChoiceMenuProps, 'openAtMount'>) {
  const [opened, setOpened] = useState(false);
  const plain = (
    <button
      type="button"
      className={triggerStyle}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadPopup()}
      onFocus={() => void loadPopup()}
      onClick={() => setOpened(true)}
      onKeyDown={(event) => {
        if (event.key === 'ArrowDown') setOpened(true);
      }}
    >
      <TriggerText label={props.label} text={props.triggerText} />
    </button>
  );
  if (!opened) return plain;
  return (
    <Suspense fallback={plain}>
      <ChoiceMenuPopup {...props} openAtMount />
    </Suspense>
  );
}
