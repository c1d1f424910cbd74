import { useEffect, useId, useRef } from 'react';
import Switch from 'antd-mobile/es/components/switch';

export interface NotificationSwitchProps {
  /** The visible, translated label; the switch is named by it. */
  label: string;
  /** A translated line under the label; the switch is described by it. */
  description: string;
  checked: boolean;
  /** True while the change is being saved: the switch shows a spinner and takes no input. */
  busy: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * One preference row: label, description and antd-mobile's Switch. That Switch is a div with
 * role=switch that a keyboard cannot reach or press, and it names itself 'Switch'; here it gets the
 * row's label and description, a tab stop, and Space/Enter.
 */
export function NotificationSwitch({ label, description, checked, busy, onChange }: NotificationSwitchProps) {
  const id = useId();
  const holder = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const element = holder.current?.querySelector<HTMLElement>('[role="switch"]');
    if (!element) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== ' ' && event.key !== 'Enter') return;
      event.preventDefault();
      if (!busy) onChange(!checked);
    };
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  }, [checked, busy, onChange]);

  return (
    <div className="notification-row">
      <div className="notification-row__text">
        <span className="notification-row__label" id={`${id}-label`}>
          {label}
        </span>
        <span className="notification-row__description" id={`${id}-description`}>
          {description}
        </span>
      </div>
      <span className="notification-row__switch" ref={holder}>
        <Switch
          checked={checked}
          loading={busy}
          onChange={onChange}
          tabIndex={0}
          aria-label={label}
          aria-describedby={`${id}-description`}
          aria-busy={busy || undefined}
        />
      </span>
    </div>
  );
}
