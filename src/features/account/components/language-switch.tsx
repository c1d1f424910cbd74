import { lazy, Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import GlobalOutline from 'antd-mobile-icons/es/GlobalOutline';
import { loadScreenStyles } from '../../../shared/ui/screen-styles';

/** The sheet's choices are styled by screens.css, which /login (theme.css only) has not loaded. */
const LanguageSheet = lazy(() =>
  Promise.all([import(/* webpackChunkName: "language-sheet" */ './language-sheet'), loadScreenStyles()]).then(
    ([module]) => module,
  ),
);

/** A globe button that opens the language choice in a sheet, for screens a visitor sees logged out. */
export function LanguageSwitch() {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const label = intl.formatMessage({ id: 'account.language.label' });
  return (
    <>
      <button
        type="button"
        className="icon-button"
        aria-label={label}
        aria-haspopup="dialog"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <GlobalOutline aria-hidden fontSize={22} />
      </button>
      {used && (
        <Suspense fallback={null}>
          <LanguageSheet open={open} label={label} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
