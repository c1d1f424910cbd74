/**
 * A product as the bag and the checkout buy it: its row (price, stock, whether it is on sale) and
 * its specifications, of which a line names one value per group.
 */
import type { Db } from '../platform/db';

/** The spec groups of a product in specList order: [['Black', 'White'], ['S', 'M', 'L']]. */
export function specGroups(db: Db, productId: number): string[][] {
  const rows = db
    .prepare<[number], { spec_id: number; value: string | null }>(
      `SELECT s.id AS spec_id, v.value FROM product_specs s
         LEFT JOIN product_spec_values v ON v.spec_id = s.id
        WHERE s.product_id = ? ORDER BY s.sort, s.id, v.sort, v.id`,
    )
    .all(productId);
  const groups: string[][] = [];
  let last = -1;
  for (const r of rows) {
    if (r.spec_id !== last) {
      groups.push([]);
      last = r.spec_id;
    }
    if (r.value !== null) groups[groups.length - 1]?.push(r.value);
  }
  // A group without values cannot be chosen from; it does not take part.
  return groups.filter((g) => g.length > 0);
}

/** A spec is one value of every group, in order, joined by '|'; '' for a product without specs. */
export function isValidSpec(groups: string[][], spec: string): boolean {
  if (!groups.length) return spec === '';
  const chosen = spec.split('|');
  return chosen.length === groups.length && chosen.every((v, i) => groups[i]?.includes(v));
}

export interface ProductRow {
  id: number;
  shop_id: number;
  title: string;
  image: string;
  price_cents: number;
  stock: number;
  status: number;
}

export const productRow = (db: Db, id: number) =>
  db
    .prepare<[number], ProductRow>(
      'SELECT id, shop_id, title, image, price_cents, stock, status FROM products WHERE id = ?',
    )
    .get(id);
