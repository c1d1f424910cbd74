import Popup from 'antd-mobile/es/components/popup';
import { LanguageOptions } from './language-options';

/** The language choice in a bottom sheet (loaded on first use: the sheet's animation library is large). */
export default function LanguageSheet({ open, label, onClose }: { open: boolean; label: string; onClose: () => void }) {
  return (
    <Popup visible={open} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet" destroyOnClose>
      <div role="dialog" aria-modal="true" aria-label={label}>
        <h2 className="sheet__title">{label}</h2>
        <LanguageOptions onChosen={onClose} />
      </div>
    </Popup>
  );
}
