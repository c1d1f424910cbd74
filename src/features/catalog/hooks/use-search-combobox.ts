import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { useListTopKeywordsQuery, useSuggestSearchQuery } from '../../../api';
import { paths } from '../../../shared/config/paths';
import { announce } from '../../../shared/ui/live-region';
import { marksOf, type TextMark } from '../lib/marks';
import { normalizeSearch } from '../lib/recent-searches';
import { useDebouncedValue } from './use-debounced-value';
import { useRecentSearches } from './use-recent-searches';

/**
 * The pause in typing before suggestions are asked for. Short enough that the answer of the local
 * server shows within 300 ms of the last key (the search screens' budget), long enough that a word
 * typed quickly costs one request, not one per key.
 */
export const SUGGEST_DELAY_MS = 150;
/** The longest search text searchProducts and suggestSearch take. */
export const SEARCH_MAX_LENGTH = 200;
/** Suggestions shown under the field at most. */
export const MAX_SUGGESTIONS = 8;

export type SuggestionKind = 'recent' | 'top' | 'product' | 'shop';

export interface SuggestionOption {
  /** Unique in the list; also makes the option's element id. */
  key: string;
  kind: SuggestionKind;
  text: string;
  marks: TextMark[];
  /** The shop a shop suggestion opens. */
  merId?: number;
}

export interface SuggestionGroup {
  kind: 'recent' | 'top' | 'typed';
  options: SuggestionOption[];
}

export interface SearchComboboxOptions {
  /** What is in the field. */
  text: string;
  /** With an empty field, offer the recent searches and the top keywords (the product search before a search). */
  offerRecent: boolean;
  /** Open on arrival (a screen opened to type a search), rather than after the first key. */
  initiallyOpen: boolean;
  /** A search text was picked (a suggestion, a recent search, a keyword). */
  onSearch: (text: string, kind: SuggestionKind) => void;
}

/** The keywords of listTopKeywords' answer (a backend may send something else: then none). */
function textsOf(data: unknown): string[] {
  if (!Array.isArray(data)) return [];
  return data
    .map((item: unknown) => (item as { keyword?: unknown } | null)?.keyword)
    .filter((keyword): keyword is string => typeof keyword === 'string' && keyword !== '');
}

/** Recent searches and keywords containing the typed text: what is offered when suggestSearch fails. */
function fallbackOptions(typed: string, recent: readonly string[], top: readonly string[]): SuggestionOption[] {
  const seen = new Set<string>();
  const options: SuggestionOption[] = [];
  for (const [kind, terms] of [
    ['recent', recent],
    ['top', top],
  ] as const) {
    for (const text of terms) {
      const marks = marksOf(text, typed);
      const same = text.toLocaleLowerCase();
      if (marks.length === 0 || seen.has(same)) continue;
      seen.add(same);
      options.push({ key: `${kind}:${text}`, kind, text, marks });
    }
  }
  return options.slice(0, MAX_SUGGESTIONS);
}

/**
 * The search field as a WAI-ARIA combobox (list autocomplete): the field keeps the focus and points
 * at the active option with aria-activedescendant; ArrowDown/ArrowUp move, Enter picks, Escape closes.
 * While typing: up to 8 suggestions of suggestSearch (our extension), asked for after a short pause,
 * their count announced politely. A backend without that operation answers with a failure: then, quietly,
 * the recent searches and top keywords that contain the typed text. With an empty field: the recent
 * searches and the top keywords.
 */
export function useSearchCombobox({ text, offerRecent, initiallyOpen, onSearch }: SearchComboboxOptions) {
  const intl = useIntl();
  const navigate = useNavigate();
  const id = useId();
  const listboxId = `${id}-listbox`;
  const [open, setOpen] = useState(initiallyOpen);
  const [active, setActive] = useState(-1);

  const typed = normalizeSearch(text);
  const [asked] = useDebouncedValue(typed, SUGGEST_DELAY_MS);
  const suggest = useSuggestSearchQuery({ title: asked, limit: MAX_SUGGESTIONS }, { skip: !asked || !open });
  const recent = useRecentSearches();
  const keywords = useListTopKeywordsQuery();
  const topTerms = useMemo(() => textsOf(keywords.data?.code === 1 ? keywords.data.data : undefined), [keywords.data]);

  // Our extension, so its answer is read with care: a list of suggestions with a text, else a failure.
  const answer = suggest.data?.code === 1 ? suggest.data.data : undefined;
  const answered = useMemo(
    () =>
      Array.isArray(answer?.list)
        ? answer.list.filter((item) => typeof item?.text === 'string' && item.text !== '')
        : undefined,
    [answer],
  );
  const failed = suggest.isError || suggest.data?.code === 0 || (answer !== undefined && answered === undefined);
  const groups = useMemo<SuggestionGroup[]>(() => {
    if (!typed) {
      if (!offerRecent) return [];
      return [
        {
          kind: 'recent' as const,
          options: recent.map((term) => ({ key: `recent:${term}`, kind: 'recent' as const, text: term, marks: [] })),
        },
        {
          kind: 'top' as const,
          options: topTerms.map((term) => ({ key: `top:${term}`, kind: 'top' as const, text: term, marks: [] })),
        },
      ].filter((group) => group.options.length > 0);
    }
    const options: SuggestionOption[] = failed
      ? fallbackOptions(typed, recent, topTerms)
      : (answered ?? []).slice(0, MAX_SUGGESTIONS).map((item, index) => ({
          key: `${item.kind}:${item.mer_id ?? ''}:${item.product_id ?? ''}:${index}`,
          kind: item.kind,
          text: item.text,
          marks: Array.isArray(item.marks) ? item.marks : [],
          merId: item.mer_id,
        }));
    return options.length ? [{ kind: 'typed', options }] : [];
  }, [typed, offerRecent, failed, answered, recent, topTerms]);
  const options = useMemo(() => groups.flatMap((group) => group.options), [groups]);
  const expanded = open && options.length > 0;
  const activeOption = expanded ? options[active] : undefined;
  const optionId = (option: SuggestionOption) => `${id}-option-${options.indexOf(option)}`;

  // A new list starts with no active option (the typed text is what Enter searches).
  const [seenOptions, setSeenOptions] = useState(options);
  if (seenOptions !== options) {
    setSeenOptions(options);
    setActive(-1);
  }

  // The count of what was offered for the typed text, once it is settled: "8 suggestions".
  const settled =
    open && typed !== '' && asked === typed && (failed || (!suggest.isFetching && answered !== undefined));
  const count = settled ? options.length : undefined;
  const announced = useRef<string>('');
  useEffect(() => {
    if (count === undefined) return;
    const said = `${typed}\n${count}`;
    if (announced.current === said) return;
    announced.current = said;
    announce(intl.formatMessage({ id: 'catalog.suggest.count' }, { count }));
  }, [count, typed, intl]);

  const pick = (option: SuggestionOption) => {
    setOpen(false);
    setActive(-1);
    if (option.kind === 'shop' && option.merId) navigate(paths.shop(option.merId));
    else onSearch(option.text, option.kind);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return; // an IME (Chinese, Japanese) is still composing
    const last = options.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        setActive((current) => (!open || current >= last ? 0 : current + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        setActive((current) => (!open || current <= 0 ? last : current - 1));
        break;
      case 'Enter':
        if (activeOption) {
          event.preventDefault();
          pick(activeOption);
        } else setOpen(false);
        break;
      case 'Escape':
        // Open: close (and keep the text; the search field would clear itself). Closed: the field's own Escape.
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        break;
      default:
        break;
    }
  };

  return {
    listboxId,
    groups,
    expanded,
    activeKey: activeOption?.key,
    optionId,
    pick,
    /** Typing opens the list again. */
    onType: () => setOpen(true),
    close: () => setOpen(false),
    inputProps: {
      role: 'combobox',
      'aria-autocomplete': 'list' as const,
      'aria-expanded': expanded,
      // Only while the list is there: an id reference must name an element of the page.
      'aria-controls': expanded ? listboxId : undefined,
      'aria-activedescendant': activeOption ? optionId(activeOption) : undefined,
      onKeyDown,
      onFocus: () => {
        if (!typed) setOpen(true);
      },
      // Suggestions of a typed text float over the results: they close when the field is left (the
      // options keep the focus in the field when pressed). Those of an empty field are the screen's body.
      onBlur: () => {
        setActive(-1);
        if (typed) setOpen(false);
      },
    },
  };
}

export type SearchCombobox = ReturnType<typeof useSearchCombobox>;
