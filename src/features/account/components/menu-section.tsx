import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import RightOutline from 'antd-mobile-icons/es/RightOutline';

export interface MenuEntry {
  to: string;
  labelId: string;
  /** Shown inside the label, after its text (e.g. a status). */
  labelExtra?: ReactNode;
  /** Shown right-aligned before the chevron; nothing when undefined or null. */
  value?: ReactNode;
  /** The value asks for attention (e.g. a payment code not set yet). */
  attention?: boolean;
}

interface MenuSectionProps {
  /** Translation id of the section's visible heading; without it the section is named by `ariaLabel`. */
  titleId?: string;
  /** The heading's element id (defaults to titleId). */
  headingId?: string;
  ariaLabel?: string;
  entries: MenuEntry[];
  /** Shown after the list, inside the card. */
  children?: ReactNode;
}

/** A card of links, one per row, each with its label, an optional value and a chevron. */
export function MenuSection({ titleId, headingId = titleId, ariaLabel, entries, children }: MenuSectionProps) {
  return (
    <section
      className="card"
      aria-labelledby={titleId ? headingId : undefined}
      aria-label={titleId ? undefined : ariaLabel}
    >
      {titleId && (
        <h2 id={headingId} className="card__title">
          <FormattedMessage id={titleId} />
        </h2>
      )}
      <ul className="menu">
        {entries.map((entry) => (
          <li className="menu__item" key={entry.to}>
            <Link to={entry.to}>
              <span className="menu__label">
                <FormattedMessage id={entry.labelId} />
                {entry.labelExtra}
              </span>
              {entry.value != null && (
                <span className={`menu__value${entry.attention ? ' menu__value--attention' : ''}`}>{entry.value}</span>
              )}
              <RightOutline aria-hidden className="menu__chevron" />
            </Link>
          </li>
        ))}
      </ul>
      {children}
    </section>
  );
}
