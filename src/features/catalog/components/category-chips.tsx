import { useIntl } from 'react-intl';
import type { Category } from '../../../api';

/**
 * The translated name of a category (its name_en is a translation key, as name_key); the stored name
 * for a key the SPA does not know.
 */
export function useCategoryName() {
  const intl = useIntl();
  return (category: Category) => {
    const id = `catalog.category.${category.name_key}`;
    return intl.messages[id] ? intl.formatMessage({ id }) : category.name;
  };
}

/**
 * The categories as a row of toggle chips; the selected one is pressed. With `all`, a first chip
 * stands for every category (pressed when none is selected).
 */
export function CategoryChips({
  categories,
  selected,
  onSelect,
  label,
  all,
}: {
  categories: Category[];
  selected: number | undefined;
  onSelect: (categoryId: number) => void;
  label: string;
  all?: { label: string; onSelect: () => void };
}) {
  const nameOf = useCategoryName();
  return (
    <div className="category-chips" role="group" aria-label={label}>
      {all && (
        <button
          type="button"
          className={`chip${selected === undefined ? ' chip--on' : ''}`}
          aria-pressed={selected === undefined}
          onClick={all.onSelect}
        >
          {all.label}
        </button>
      )}
      {categories.map((category) => (
        <button
          key={category.category_id}
          type="button"
          className={`chip${category.category_id === selected ? ' chip--on' : ''}`}
          aria-pressed={category.category_id === selected}
          onClick={() => onSelect(category.category_id)}
        >
          {nameOf(category)}
        </button>
      ))}
    </div>
  );
}
