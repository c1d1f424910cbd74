import { useRef, type ReactNode } from 'react';
import './swipe-row.css';

export interface SwipeRowAction {
  key: string;
  text: ReactNode;
  /** The button's accessible name when its text alone does not say what it acts on; it should start with
   *  or contain the text (WCAG 2.5.3, label in name). */
  label?: string;
  onClick: () => void;
}

export interface SwipeRowProps {
  children: ReactNode;
  /** The buttons revealed by swiping the row to the left (drawn as destructive: delete, remove). */
  actions: readonly SwipeRowAction[];
}

const reducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * A row that reveals its actions when swiped left, drawn by the browser's own scrolling (a
 * horizontal scroll container that snaps to the row or to its actions): the swipe follows the
 * finger, keeps its momentum and snaps like a native list, with no script running while it moves,
 * and no animation library to download before the list can draw. The actions are ordinary
 * buttons in the tab order; focusing one scrolls it into view, so a keyboard reaches it too.
 */
export function SwipeRow({ children, actions }: SwipeRowProps) {
  const row = useRef<HTMLDivElement>(null);
  const close = () => row.current?.scrollTo?.({ left: 0, behavior: reducedMotion() ? 'auto' : 'smooth' });
  return (
    <div className="swipe-row" ref={row}>
      <div className="swipe-row__content">{children}</div>
      <div className="swipe-row__actions">
        {actions.map((action) => (
          <button
            key={action.key}
            type="button"
            aria-label={action.label}
            className="swipe-row__action"
            onClick={() => {
              close();
              action.onClick();
            }}
          >
            {action.text}
          </button>
        ))}
      </div>
    </div>
  );
}
