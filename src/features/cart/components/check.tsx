import { useEffect, useRef, type ReactNode } from 'react';

export interface CheckProps {
  checked: boolean;
  /** Some but not all of what it stands for is selected (shown as a dash, announced as mixed). */
  indeterminate?: boolean;
  onChange: (checked: boolean) => void;
  /** The accessible name. */
  label: string;
  /** Visible text beside the box; without it the label is for screen readers only. */
  children?: ReactNode;
  disabled?: boolean;
  className?: string;
}

/** A real checkbox (keyboard, screen readers, forms) drawn as a round tick; 44 px touch target. */
export function Check({ checked, indeterminate = false, onChange, label, children, disabled, className }: CheckProps) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (input.current) input.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <label className={`check ${className ?? ''}`}>
      <input
        ref={input}
        type="checkbox"
        className="check__input"
        checked={checked}
        disabled={disabled}
        aria-label={label}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      <span className="check__box" aria-hidden />
      {children && (
        <span className="check__text" aria-hidden>
          {children}
        </span>
      )}
    </label>
  );
}
