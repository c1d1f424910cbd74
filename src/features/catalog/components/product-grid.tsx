import type { ReactNode } from 'react';
import type { ProductCard as ProductCardData } from '../../../api';
import { PullList, type ListQueryHook } from '../../../shared/ui/pull-list';
import { ProductCard } from './product-card';

/** Product cards per page of the discovery lists. */
export const PRODUCT_PAGE = 10;

/**
 * Products in two columns with pull-to-refresh and load-more. Cards are plain links with a reserved
 * image box, and each row is skipped by the browser's rendering while off screen (discovery.css), so
 * hundreds of cards scroll smoothly without a virtual-list library.
 */
export function ProductGrid<A>({
  useListQuery,
  args,
  label,
  empty,
}: {
  useListQuery: ListQueryHook<A, ProductCardData>;
  args: A;
  label: string;
  empty?: ReactNode;
}) {
  return (
    <div className="product-grid">
      <PullList<A, ProductCardData>
        useListQuery={useListQuery}
        args={args}
        limit={PRODUCT_PAGE}
        label={label}
        itemKey={(product) => product.key}
        renderItem={(product) => <ProductCard product={product} />}
        empty={empty}
      />
    </div>
  );
}
