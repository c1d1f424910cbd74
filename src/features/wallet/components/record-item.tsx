import type { ReactNode } from 'react';

export interface RecordItemProps {
  title: ReactNode;
  /** The amount column (already formatted). */
  amount: ReactNode;
  amountTone?: 'plus' | 'minus';
  badge?: ReactNode;
  /** Extra lines: fee, arrival, reason. */
  details?: ReactNode;
  /** The date as shown ('' when the backend sent none: then no date is shown). */
  date: string;
  dateTime?: string;
}

/** One row of a money record list: title and amount, then details and the date. */
export function RecordItem({ title, amount, amountTone, badge, details, date, dateTime }: RecordItemProps) {
  return (
    <article className="record">
      <div className="record__main">
        <h2 className="record__title">{title}</h2>
        <span className={`record__amount${amountTone ? ` record__amount--${amountTone}` : ''}`}>{amount}</span>
      </div>
      {details && <div className="record__details">{details}</div>}
      <div className="record__meta">
        {date && (
          <time className="record__date" dateTime={dateTime}>
            {date}
          </time>
        )}
        {badge}
      </div>
    </article>
  );
}
