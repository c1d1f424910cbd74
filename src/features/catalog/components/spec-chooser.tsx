import { useId } from 'react';
import type { SpecGroup } from '../../../api';

/** The chosen value of every spec group, in specList order: the first of each by default. */
export function defaultSpec(groups: SpecGroup[]): string[] {
  return groups.map((group) => group.child[0] ?? '');
}

/** The `spec` the bag and checkout take: the chosen values joined with '|' ('' without specs). */
export function specText(chosen: string[]): string {
  return chosen.join('|');
}

/**
 * One value per specification group: each group is a radio group (fieldset + legend, native radios
 * drawn as chips), so arrow keys move within a group and screen readers hear "Color, Silver, 1 of 2".
 */
export function SpecChooser({
  groups,
  chosen,
  onChange,
}: {
  groups: SpecGroup[];
  chosen: string[];
  onChange: (chosen: string[]) => void;
}) {
  const id = useId();
  return (
    <div className="spec-chooser">
      {groups.map((group, groupIndex) => (
        <fieldset className="spec-group" key={`${group.name}#${groupIndex}`}>
          <legend className="spec-group__name">{group.name}</legend>
          <div className="spec-group__values">
            {group.child.map((value) => {
              const checked = chosen[groupIndex] === value;
              return (
                <label className={`spec-value${checked ? ' spec-value--on' : ''}`} key={value}>
                  <input
                    type="radio"
                    name={`${id}-${groupIndex}`}
                    value={value}
                    checked={checked}
                    onChange={() => onChange(chosen.map((old, index) => (index === groupIndex ? value : old)))}
                  />
                  <span>{value}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
