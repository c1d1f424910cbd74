import { useState } from 'react';
import { useIntl } from 'react-intl';
import Popup from 'antd-mobile/es/components/popup';
import GlobalOutline from 'antd-mobile-icons/es/GlobalOutline';
import { LanguageOptions } from './language-options';

/** A globe button that opens the language choice in a sheet, for screens a visitor sees logged out. */
export function LanguageSwitch() {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const label = intl.formatMessage({ id: 'account.language.label' });
  return (
    <>
      <button type="button" className="icon-button" aria-label={label} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        <GlobalOutline aria-hidden fontSize={22} />
      </button>
      <Popup visible={open} onMaskClick={() => setOpen(false)} onClose={() => setOpen(false)} bodyClassName="sheet" destroyOnClose>
        <div role="dialog" aria-modal="true" aria-label={label}>
          <h2 className="sheet__title">{label}</h2>
          <LanguageOptions onChosen={() => setOpen(false)} />
        </div>
      </Popup>
    </>
  );
}
