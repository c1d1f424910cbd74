import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/** A card of the order detail, named by its heading. */
export function OrderSection({ titleId, children, id }: { titleId: string; children: ReactNode; id: string }) {
  return (
    <section className="card order-section" aria-labelledby={id}>
      <h2 className="card__title" id={id}>
        <FormattedMessage id={titleId} />
      </h2>
      <div className="order-section__body">{children}</div>
    </section>
  );
}
