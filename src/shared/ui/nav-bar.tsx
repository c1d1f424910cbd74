import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { useCanGoBack } from '../lib/use-can-go-back';
import LeftOutline from 'antd-mobile-icons/es/LeftOutline';
import { paths } from '../config/paths';

export interface NavBarProps {
  title: ReactNode;
  /** Show the back button (default true). */
  back?: boolean;
  /** Replaces the back button in the left slot. */
  left?: ReactNode;
  right?: ReactNode;
  /** Where Back goes when there is no history to go back to (a deep link). */
  fallback?: string;
}

/** The shared navigation bar (SPEC.md section 2): title, back button, left and right slots. */
export function NavBar({ title, back = true, left, right, fallback = paths.home }: NavBarProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  const canGoBack = useCanGoBack();
  // On the first entry of a visit Back would leave the app: go to the fallback.
  const goBack = () => {
    if (canGoBack()) navigate(-1);
    else navigate(fallback, { replace: true });
  };
  return (
    <header className="nav-bar">
      <div className="nav-bar__side">
        {left ??
          (back && (
            <button
              type="button"
              className="icon-button"
              onClick={goBack}
              aria-label={intl.formatMessage({ id: 'common.back' })}
            >
              <LeftOutline aria-hidden fontSize={22} />
            </button>
          ))}
      </div>
      <h1 className="nav-bar__title">{title}</h1>
      <div className="nav-bar__side nav-bar__side--right">{right}</div>
    </header>
  );
}
