import { useEffect, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { NavBar, type NavBarProps } from './nav-bar';

export interface PageProps extends Partial<NavBarProps> {
  children: ReactNode;
  /** No navigation bar (tab screens draw their own header). */
  bare?: boolean;
  /** Content pinned under the scroll area (e.g. a submit bar), inside the screen's <main>. */
  footer?: ReactNode;
  className?: string;
}

/** The screens shown, in the order they were shown: the last one is in front. */
const shownScreens: HTMLElement[] = [];

function focusHeadingOf(screen: HTMLElement): void {
  const heading = screen.querySelector<HTMLElement>('h1');
  if (!heading) return;
  // Focusable from script only: the heading is no tab stop.
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}

/**
 * Gives the focus to the heading of the screen in front. For a dialog or sheet that closes after its
 * answer took the shopper to another screen: the control that opened it is gone, and without this the
 * focus (and a screen reader's place) would fall to the document.
 */
export function focusScreenHeading(): void {
  const screen = shownScreens.at(-1);
  if (screen) focusHeadingOf(screen);
}

/** Whether `element` is in the screen in front (not in a kept screen hidden behind it). */
export function isInShownScreen(element: Element): boolean {
  return shownScreens.at(-1)?.contains(element) ?? false;
}

/**
 * A modal sheet or dialog is on screen (the passkey offer over /home after a login, a picker): the
 * screen behind it must not take the focus from under it; the sheet gives it back when it closes.
 */
function modalOpen(): boolean {
  return Array.from(document.querySelectorAll('[role="dialog"][aria-modal="true"]')).some(
    (dialog) => dialog.getClientRects().length > 0,
  );
}

/**
 * Where a screen-reader or keyboard user is when a screen is shown: the control they used (a link, a
 * tab, the Back button, a sheet that closed) has left the page or is hidden with the screen it was on,
 * so the focus would fall to the document and a screen reader would start over from its top, or stay
 * in the sheet that is gone. The new screen's heading takes the focus instead (read as its title),
 * unless the focus is already in this screen (a field it focuses itself, the item a kept list gives
 * the focus back to) or in an open dialog (which gives it back when it closes).
 */
function useFocusOnShow(page: RefObject<HTMLDivElement | null>) {
  // An effect: React's <Activity> (the kept screens, app/keep-alive-outlet.tsx) runs it again each time
  // the screen is shown, and its cleanup when the screen is hidden.
  useEffect(() => {
    const element = page.current;
    if (!element) return;
    shownScreens.push(element);
    const focused = document.activeElement;
    if (
      !(focused && element.contains(focused)) &&
      !focused?.closest('[role="dialog"], [role="alertdialog"]') &&
      !modalOpen()
    ) {
      focusHeadingOf(element);
    }
    return () => {
      shownScreens.splice(shownScreens.lastIndexOf(element), 1);
    };
  }, [page]);
}

/**
 * A screen: navigation bar plus its own scroll area. Kept-alive screens are hidden with display:none,
 * which forgets scroll positions, so the position is remembered and restored when shown again. When
 * the screen is shown, its heading takes the focus that the previous screen's control lost.
 */
export function Page({ children, bare, footer, className, title, ...nav }: PageProps) {
  const root = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const scrollTop = useRef(0);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && scrollTop.current) element.scrollTop = scrollTop.current;
  }, []);
  useFocusOnShow(root);
  return (
    <div className={`page ${className ?? ''}`} ref={root}>
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
