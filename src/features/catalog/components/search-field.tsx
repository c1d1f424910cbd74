import { useIntl } from 'react-intl';
import { SEARCH_MAX_LENGTH, type SearchCombobox } from '../hooks/use-search-combobox';
import { normalizeSearch } from '../lib/recent-searches';
import { SearchBox } from './search-box';
import { SuggestionListbox } from './search-suggestions';

interface SearchFieldProps {
  combobox: SearchCombobox;
  labelId: string;
  placeholderId: string;
  /** What the field shows (the shopper's typing). */
  text: string;
  onText: (text: string) => void;
  /** Runs a search for the text ('' clears it). */
  onSearch: (term: string) => void;
  focusOnMount: boolean;
  /** Whether the suggestions list floats under an empty field too (else only while typing). */
  listWhenEmpty: boolean;
}

/**
 * The search field of both search screens with its suggestions under it (the WAI-ARIA combobox of
 * useSearchCombobox): typing asks for suggestions, Enter or the Search button searches the text.
 */
export function SearchField({
  combobox,
  labelId,
  placeholderId,
  text,
  onText,
  onSearch,
  focusOnMount,
  listWhenEmpty,
}: SearchFieldProps) {
  const intl = useIntl();
  return (
    <div className="search-combobox">
      <SearchBox
        label={intl.formatMessage({ id: labelId })}
        placeholder={intl.formatMessage({ id: placeholderId })}
        value={text}
        onChange={(next) => {
          onText(next);
          combobox.onType();
        }}
        onSubmit={(term) => {
          combobox.close();
          onSearch(term);
        }}
        onClear={() => onSearch('')}
        submitButton
        focusOnMount={focusOnMount}
        maxLength={SEARCH_MAX_LENGTH}
        inputProps={combobox.inputProps}
      />
      {(listWhenEmpty || normalizeSearch(text) !== '') && <SuggestionListbox combobox={combobox} floating />}
    </div>
  );
}
