import { lazy, Suspense, useState, type ReactNode } from 'react';

// The sheet's animation library is large: it loads when the sheet is first opened, not with the form.
const Popup = lazy(() => import(/* webpackChunkName: "popup" */ 'antd-mobile/es/components/popup'));

/** A country or region as the sheet lists it: its code and its name in the shopper's language. */
export interface CountrySheetOption {
  country: string;
  name: string;
}

interface CountrySheetProps<T extends CountrySheetOption> {
  open: boolean;
  /** The sheet's heading and accessible name. */
  title: string;
  /** The search box's placeholder and accessible name. */
  searchLabel: string;
  options: T[];
  /** The country shown as chosen (aria-pressed). */
  selected?: string;
  /** Whether an option matches the search, given it trimmed and lower-cased (default: name or exact code). */
  matches?: (option: T, needle: string) => boolean;
  /** Shown after the name in each row (e.g. '+66'). */
  meta?: (option: T) => ReactNode;
  /** An option was chosen; the search is cleared. */
  onPick: (option: T) => void;
  /** The sheet was dismissed (mask or close). */
  onDismiss: () => void;
  /** Keep the search text when dismissed (it is always cleared on a pick). */
  keepSearchOnDismiss?: boolean;
}

const byNameOrCode = (option: CountrySheetOption, needle: string) =>
  option.name.toLowerCase().includes(needle) || option.country.toLowerCase() === needle;

/**
 * A tall bottom sheet listing countries with a search box; the Popup loads on first opening. Pure UI:
 * the caller gives the options (names from Intl.DisplayNames) and decides what a pick does.
 */
export function CountrySheet<T extends CountrySheetOption>({
  open,
  title,
  searchLabel,
  options,
  selected,
  matches = byNameOrCode,
  meta,
  onPick,
  onDismiss,
  keepSearchOnDismiss = false,
}: CountrySheetProps<T>) {
  const [used, setUsed] = useState(open);
  const [filter, setFilter] = useState('');
  // The search is cleared once the sheet has slid away, not as it starts to: the list the shopper
  // picked from stays while it closes instead of every row rendering again during the animation.
  const [clearWhenClosed, setClearWhenClosed] = useState(false);
  if (open && !used) setUsed(true);
  if (open && clearWhenClosed) {
    // Opened again before the sheet finished closing.
    setClearWhenClosed(false);
    setFilter('');
  }
  if (!used) return null;

  const needle = filter.trim().toLowerCase();
  const shown = needle ? options.filter((option) => matches(option, needle)) : options;
  const dismiss = () => {
    if (!keepSearchOnDismiss) setClearWhenClosed(true);
    onDismiss();
  };
  const afterClose = () => {
    if (!clearWhenClosed) return;
    setClearWhenClosed(false);
    setFilter('');
  };
  return (
    <Suspense fallback={null}>
      <Popup
        visible={open}
        onMaskClick={dismiss}
        onClose={dismiss}
        afterClose={afterClose}
        bodyClassName="sheet sheet--tall"
        destroyOnClose
      >
        <div role="dialog" aria-modal="true" aria-label={title} className="sheet__body">
          <h2 className="sheet__title">{title}</h2>
          <input
            className="sheet__search"
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            placeholder={searchLabel}
            aria-label={searchLabel}
          />
          <ul className="sheet__list">
            {shown.map((option) => (
              <li key={option.country}>
                <button
                  type="button"
                  className={`sheet__option${option.country === selected ? ' sheet__option--active' : ''}`}
                  aria-pressed={option.country === selected}
                  onClick={() => {
                    onPick(option);
                    setClearWhenClosed(true);
                  }}
                >
                  <span>{option.name}</span>
                  {meta && <span className="sheet__option-meta">{meta(option)}</span>}
                </button>
              </li>
            ))}
          </ul>
        </div>
      </Popup>
    </Suspense>
  );
}
