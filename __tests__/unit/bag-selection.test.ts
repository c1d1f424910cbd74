import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { CartLine } from '../../src/api';
import { MAX_LINE_QUANTITY } from '../../common/quantity';
import { clampQuantity } from '../../src/shared/ui/quantity-stepper';
import {
  anyLine,
  groupByShop,
  pruneSelection,
  selectedLines,
  selectedTotal,
  selectedUnits,
  selectionState,
  setSelected,
  shownQuantity,
} from '../../src/features/cart/lib/bag';

function line(cart_id: number, mer_id: number, sales_price: string, cart_num = 1, stock = 10): CartLine {
  return {
    cart_id,
    cart_num,
    spec: '',
    total_price: '0.00',
    mer_id,
    mer_name: `Shop ${mer_id}`,
    mer_avatar: `/media/shop/${mer_id}.svg`,
    product_id: cart_id * 10,
    goods: { image: '', title: `Product ${cart_id}`, sales_price, stock },
  };
}

describe('groupByShop', () => {
  it('keeps the server order and puts each shop where its newest line is', () => {
    const lines = [line(5, 2, '1.00'), line(4, 1, '1.00'), line(3, 2, '1.00'), line(2, 3, '1.00')];
    expect(groupByShop(lines).map((group) => [group.merId, group.lines.map((item) => item.cart_id)])).toEqual([
      [2, [5, 3]],
      [1, [4]],
      [3, [2]],
    ]);
  });

  it("heads each group with the shop's name and avatar from its lines, keyed by shop id (names may repeat)", () => {
    const twin = { ...line(1, 9, '1.00'), mer_name: 'Shop 2' };
    const groups = groupByShop([line(5, 2, '1.00'), twin]);
    expect(groups.map((group) => [group.merId, group.name, group.avatar])).toEqual([
      [2, 'Shop 2', '/media/shop/2.svg'],
      [9, 'Shop 2', '/media/shop/9.svg'],
    ]);
  });

  it('puts lines that do not say their shop (no mer_id from the backend) in one group', () => {
    const bare = (cart_id: number): CartLine => ({
      ...line(cart_id, 1, '1.00'),
      mer_id: undefined,
      mer_name: undefined,
      mer_avatar: undefined,
    });
    const groups = groupByShop([bare(5), bare(4)]);
    expect(groups.map((group) => [group.merId, group.name, group.lines.map((item) => item.cart_id)])).toEqual([
      [undefined, undefined, [5, 4]],
    ]);
  });

  it('gives no groups for an empty bag', () => {
    expect(groupByShop([])).toEqual([]);
  });
});

describe('clampQuantity', () => {
  it('keeps a quantity within 1..stock, in whole units', () => {
    expect(clampQuantity(0, 5)).toBe(1);
    expect(clampQuantity(-3, 5)).toBe(1);
    expect(clampQuantity(6, 5)).toBe(5);
    expect(clampQuantity(3.7, 5)).toBe(3);
    expect(clampQuantity(Number.NaN, 5)).toBe(1);
  });

  it("never goes above the contract's 999 a line, whether the stock is not known or larger", () => {
    expect(clampQuantity(250, undefined)).toBe(250);
    expect(clampQuantity(123456, undefined)).toBe(MAX_LINE_QUANTITY);
    expect(clampQuantity(1500, 5000)).toBe(MAX_LINE_QUANTITY);
  });

  it("takes its most a line from the contract's quantity fields", () => {
    const contract = parse(readFileSync(path.resolve(__dirname, '../../openapi/openapi.yaml'), 'utf8')) as {
      components: { schemas: Record<string, { properties: Record<string, { maximum?: number }> }> };
    };
    const { schemas } = contract.components;
    const maxima = [
      schemas.AddToCartRequest?.properties.num?.maximum,
      schemas.SetCartQuantityRequest?.properties.num?.maximum,
      schemas.PreviewOrderRequest?.properties.number?.maximum,
    ];
    expect(maxima).toEqual([MAX_LINE_QUANTITY, MAX_LINE_QUANTITY, MAX_LINE_QUANTITY]);
  });

  it('allows 1 when the stock is 0 or unknown', () => {
    expect(clampQuantity(4, 0)).toBe(1);
    expect(clampQuantity(4, Number.NaN)).toBe(1);
  });
});

describe('selectedTotal', () => {
  const lines = [line(1, 1, '0.10', 3), line(2, 1, '0.20', 1), line(3, 2, '19.99', 2), line(4, 2, '5.00', 1, 0)];

  it('adds unit price x quantity of the selected lines exactly (no binary floating point)', () => {
    // In floats 0.1 * 3 + 0.2 = 0.5000000000000001.
    expect(selectedTotal(lines, new Set([1, 2]))).toBe('0.50');
    expect(selectedTotal(lines, new Set([1, 2, 3]))).toBe('40.48');
  });

  it('is 0.00 with nothing selected', () => {
    expect(selectedTotal(lines, new Set())).toBe('0.00');
  });

  it('uses the quantity the shopper just set before the server has it', () => {
    expect(selectedTotal(lines, new Set([3]), { 3: 5 })).toBe('99.95');
    expect(selectedUnits(lines, new Set([1, 3]), { 3: 5 })).toBe(8);
    expect(shownQuantity(lines[2]!, { 3: 5 })).toBe(5);
    expect(shownQuantity(lines[2]!, {})).toBe(2);
  });

  it('leaves out sold-out lines and ids that are not in the bag', () => {
    expect(selectedTotal(lines, new Set([4, 99]))).toBe('0.00');
    expect(selectedLines(lines, new Set([2, 4, 99])).map((item) => item.cart_id)).toEqual([2]);
  });
});

describe('selection', () => {
  const lines = [line(1, 1, '1.00'), line(2, 1, '1.00'), line(3, 2, '1.00', 1, 0)];

  it('tells none, some or all of the selectable lines', () => {
    expect(selectionState(lines, new Set())).toBe('none');
    expect(selectionState(lines, new Set([1]))).toBe('some');
    // The sold-out line does not count when buying...
    expect(selectionState(lines, new Set([1, 2]))).toBe('all');
    // ...but does in the edit mode, where any line can be chosen to delete.
    expect(selectionState(lines, new Set([1, 2]), anyLine)).toBe('some');
  });

  it('selects and clears groups without touching other lines', () => {
    const shopOne = lines.slice(0, 2);
    expect([...setSelected(new Set([3]), shopOne, true, anyLine)].sort()).toEqual([1, 2, 3]);
    expect([...setSelected(new Set([1, 2, 3]), shopOne, false)]).toEqual([3]);
    expect([...setSelected(new Set(), lines, true)].sort()).toEqual([1, 2]);
  });

  it('lets a line whose stock the backend does not send be bought (the server has the last word)', () => {
    const unknown: CartLine = { ...line(4, 1, '1.00'), goods: { image: '', title: 'Product 4', sales_price: '1.00' } };
    expect(selectedLines([unknown], new Set([4])).map((item) => item.cart_id)).toEqual([4]);
  });

  it('drops lines that are gone or sold out, and keeps the same set when nothing changed', () => {
    const same = new Set([1, 2]);
    expect(pruneSelection(same, lines)).toBe(same);
    expect([...pruneSelection(new Set([1, 3, 9]), lines)]).toEqual([1]);
    expect([...pruneSelection(new Set([1, 3, 9]), lines, anyLine)]).toEqual([1, 3]);
  });
});
