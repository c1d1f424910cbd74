import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { NavBar, type NavBarProps } from './nav-bar';

export interface PageProps extends Partial<NavBarProps> {
  children: ReactNode;
  /** No navigation bar (tab screens draw their own header). */
  bare?: boolean;
  /** Content pinned under the scroll area (e.g. a submit bar), inside the screen's <main>. */
  footer?: ReactNode;
  className?: string;
}

/**
 * A screen: navigation bar plus its own scroll area. Kept-alive screens are hidden with display:none,
 * which forgets scroll positions, so the position is remembered and restored when shown again.
 */
export function Page({ children, bare, footer, className, title, ...nav }: PageProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const scrollTop = useRef(0);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && scrollTop.current) element.scrollTop = scrollTop.current;
  }, []);
  return (
    <div className={`page ${className ?? ''}`}>
      {!bare && <NavBar title={title ?? ''} {...nav} />}
      {/* The footer (the screen's own actions: add to bag, pay, ...) belongs to the screen's main
          content, so <main> holds it beside the scroll area: no content outside a landmark. */}
      <main className="page__main">
        <div
          className="page__content"
          ref={scroller}
          onScroll={(event) => {
            scrollTop.current = event.currentTarget.scrollTop;
          }}
        >
          {children}
        </div>
        {footer && <div className="page__footer">{footer}</div>}
      </main>
    </div>
  );
}
