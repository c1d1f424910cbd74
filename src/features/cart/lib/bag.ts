import type { CartLine } from '../../../api';
import { toDecimal } from '../../../shared/lib/money';

/** The lines of one shop, in the order the server listed them (newest first), under the shop's name. */
export interface ShopGroup {
  /** The shop; undefined for the one group of a bag whose lines do not say their shop. */
  merId: number | undefined;
  /** The shop's name and avatar as getCart gives them on its lines, when it does. */
  name: string | undefined;
  avatar: string | undefined;
  lines: CartLine[];
}

/**
 * Groups bag lines by shop; a shop comes where its newest line comes. The group is keyed by mer_id (two
 * shops may share a name) and headed by the mer_name its lines carry: no request per shop. Lines
 * without a mer_id (a backend that does not send it) share one group.
 */
export function groupByShop(lines: readonly CartLine[]): ShopGroup[] {
  const groups = new Map<number | undefined, ShopGroup>();
  for (const line of lines) {
    const group = groups.get(line.mer_id);
    if (group) {
      group.lines.push(line);
      group.name ??= line.mer_name;
      group.avatar ??= line.mer_avatar;
    } else {
      groups.set(line.mer_id, { merId: line.mer_id, name: line.mer_name, avatar: line.mer_avatar, lines: [line] });
    }
  }
  return [...groups.values()];
}

/**
 * A line can be bought (and so selected for checkout) only while the product is in stock; a line whose
 * stock the backend does not send counts as in stock (the server refuses what it cannot sell).
 */
export function isSelectable(line: CartLine): boolean {
  return line.goods.stock === undefined || line.goods.stock > 0;
}

/** Which lines a checkbox may select: in stock ones to buy, any line to delete (the bag's edit mode). */
export type CanSelect = (line: CartLine) => boolean;
export const anyLine: CanSelect = () => true;

/** The quantity shown for a line: the shopper's unsent change if any, else the server's. */
export function shownQuantity(line: CartLine, drafts: Readonly<Record<number, number>>): number {
  return drafts[line.cart_id] ?? line.cart_num;
}

/** The selected lines that still exist and can be bought, in the bag's order. */
export function selectedLines(lines: readonly CartLine[], selected: ReadonlySet<number>): CartLine[] {
  return lines.filter((line) => selected.has(line.cart_id) && isSelectable(line));
}

/**
 * The selected total for display only (the server computes what is charged, DESIGN.md 3.4): unit price
 * x shown quantity per selected line, in decimal arithmetic, as a 2-decimal string.
 */
export function selectedTotal(
  lines: readonly CartLine[],
  selected: ReadonlySet<number>,
  drafts: Readonly<Record<number, number>> = {},
): string {
  return selectedLines(lines, selected)
    .reduce((sum, line) => sum.plus(toDecimal(line.goods.sales_price).times(shownQuantity(line, drafts))), toDecimal(0))
    .toFixed(2);
}

/** How many items (units) the selected lines hold. */
export function selectedUnits(
  lines: readonly CartLine[],
  selected: ReadonlySet<number>,
  drafts: Readonly<Record<number, number>> = {},
): number {
  return selectedLines(lines, selected).reduce((sum, line) => sum + shownQuantity(line, drafts), 0);
}

/** Selection state of a set of lines (a shop, or the whole bag) for its checkbox. */
export function selectionState(
  lines: readonly CartLine[],
  selected: ReadonlySet<number>,
  canSelect: CanSelect = isSelectable,
): 'none' | 'some' | 'all' {
  const selectable = lines.filter(canSelect);
  const count = selectable.filter((line) => selected.has(line.cart_id)).length;
  if (count === 0) return 'none';
  return count === selectable.length ? 'all' : 'some';
}

/** Selects (on) or clears (off) every selectable line of `lines`, leaving other lines as they were. */
export function setSelected(
  selected: ReadonlySet<number>,
  lines: readonly CartLine[],
  on: boolean,
  canSelect: CanSelect = isSelectable,
): ReadonlySet<number> {
  const next = new Set(selected);
  for (const line of lines) {
    if (on && canSelect(line)) next.add(line.cart_id);
    else next.delete(line.cart_id);
  }
  return next;
}

/** Drops ids of lines that are gone or no longer selectable (after a refetch). Same set when nothing changed. */
export function pruneSelection(
  selected: ReadonlySet<number>,
  lines: readonly CartLine[],
  canSelect: CanSelect = isSelectable,
): ReadonlySet<number> {
  const keep = new Set(lines.filter(canSelect).map((line) => line.cart_id));
  const next = new Set([...selected].filter((id) => keep.has(id)));
  return next.size === selected.size ? selected : next;
}
