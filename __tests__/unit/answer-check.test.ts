/** @jest-environment node */
import { checkAnswer } from '../../src/api/answer-check';
import * as mapping from '../../src/api/mapping';
import { familyFixtures } from '../support/family-backend';

// The contract check of development and tests (generated from openapi/openapi.yaml) names the
// operation and the field that was wrong; the mappers, all the production bundle has, never throw on
// what a broken backend sends.

const fixtures = familyFixtures('http://stand-in.invalid');
let consoleError: jest.SpyInstance;
beforeEach(() => {
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => consoleError.mockRestore());

describe('checkAnswer', () => {
  it('passes an answer that matches the contract, silently', () => {
    expect(checkAnswer('getCart', fixtures.getCart)).toBeNull();
    expect(checkAnswer('getOrderDetail', fixtures.getOrderDetail)).toBeNull();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('names the operation and the field of a wrong type, on the console too', () => {
    const answer = structuredClone(fixtures.getCart) as { data: { carts: { goods: Record<string, unknown> }[] } };
    answer.data.carts[1]!.goods.title = 42;
    expect(checkAnswer('getCart', answer)).toEqual({
      operation: 'getCart',
      field: 'data.carts[1].goods.title',
      problem: 'must be string',
    });
    expect(consoleError).toHaveBeenCalledWith(
      'The answer of getCart does not match the contract (openapi/openapi.yaml): data.carts[1].goods.title must be string',
    );
  });

  it('names a missing field, a missing list and null data', () => {
    const { money: _money, ...withoutMoney } = fixtures.getUserInfo.data;
    expect(checkAnswer('getUserInfo', { ...fixtures.getUserInfo, data: withoutMoney })?.field).toBe('data.money');
    expect(checkAnswer('listOrders', { ...fixtures.listOrders, data: { count: 1 } })?.field).toBe('data.list');
    expect(checkAnswer('getProductDetail', { code: 1, msg: 'Success', data: null })).toMatchObject({
      field: 'data',
      problem: 'must be object',
    });
  });

  it('lets an operation the contract does not name through', () => {
    expect(checkAnswer('notInTheContract', { anything: true })).toBeNull();
  });
});

describe('the mappers on malformed data (what production has)', () => {
  const junk: unknown[] = [null, 'text', 42, [], {}, { list: null }, { list: [null, 7, 'x', {}] }];
  const mappers: [string, (raw: never) => unknown][] = [
    ['toProductCardList', mapping.toProductCardList],
    ['toProductSearchResult', mapping.toProductSearchResult],
    ['toShopCardList', mapping.toShopCardList],
    ['toShopSearchResult', mapping.toShopSearchResult],
    ['toProductDetail', mapping.toProductDetail],
    ['toCart', mapping.toCart],
    ['toOrderPreview', mapping.toOrderPreview],
    ['toOrderList', mapping.toOrderList],
    ['toOrderDetail', mapping.toOrderDetail],
    ['toBillList', mapping.toBillList],
    ['toRechargeList', mapping.toRechargeList],
    ['toExtractList', mapping.toExtractList],
    ['toUserInfo', mapping.toUserInfo],
    ['toCategoryList', mapping.toCategoryList],
  ];

  it.each(mappers)('%s reads any record, or a list of anything, without throwing', (_name, map) => {
    for (const value of junk.filter((item) => item !== null && typeof item === 'object')) {
      expect(() => map(value as never)).not.toThrow();
    }
    for (const list of [[null, 'x', 3], { list: [null, 'x'], carts: [null], product: [null], products: [null] }]) {
      expect(() => map(list as never)).not.toThrow();
    }
  });

  it(`shows at most ${mapping.MAX_LIST_ITEMS} items of a 10,000-item page, and leaves out what is not a record`, () => {
    const card = fixtures.listHotProducts.data.list[0];
    const page = mapping.toProductCardList({ list: [null, ...Array.from({ length: 10_000 }, () => card)] } as never);
    expect(page.list).toHaveLength(mapping.MAX_LIST_ITEMS - 1);
    expect(page.list[0]!.title).toBe(card!.goods.title);
  });
});
