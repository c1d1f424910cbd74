import clone from '../../src/shared/lib/formik-lodash/clone';
import cloneDeep from '../../src/shared/lib/formik-lodash/clone-deep';
import isPlainObject from '../../src/shared/lib/formik-lodash/is-plain-object';
import toPath from '../../src/shared/lib/formik-lodash/to-path';

// The production build gives Formik these instead of lodash's (webpack.config.js); lodash itself is
// the oracle: on the values a form holds, each answers as lodash does.
/* eslint-disable @typescript-eslint/no-require-imports -- lodash's CommonJS files, typed below */
const lodash = {
  clone: require('lodash/clone') as <T>(value: T) => T,
  cloneDeep: require('lodash/cloneDeep') as <T>(value: T) => T,
  isPlainObject: require('lodash/isPlainObject') as (value: unknown) => boolean,
  toPath: require('lodash/toPath') as (value: unknown) => string[],
};
/* eslint-enable @typescript-eslint/no-require-imports */

class Money {
  constructor(public cents: number) {}
}

const formValues = () => ({
  account: 'demo',
  amount: '12.50',
  images: ['https://shop.example/u/1.png', 'https://shop.example/u/2.png'],
  address: { country: { code: 'US', calling: '+1' }, lines: ['1 Main St', ''] },
  rating: 5,
  agreed: true,
  missing: null,
  later: undefined,
  when: new Date('2026-11-24T05:00:00Z'),
});

describe("Formik's lodash helpers in the build", () => {
  it('cloneDeep copies form values as lodash does, sharing nothing', () => {
    const values = formValues();
    const copy = cloneDeep(values);
    expect(copy).toEqual(lodash.cloneDeep(values));
    expect(copy.address).not.toBe(values.address);
    expect(copy.address.country).not.toBe(values.address.country);
    expect(copy.images).not.toBe(values.images);
    expect(copy.when).not.toBe(values.when);
    expect(copy.when.getTime()).toBe(values.when.getTime());
  });

  it('clone copies one level, keeping arrays and prototypes, as lodash does', () => {
    const values = formValues();
    const copy = clone(values);
    expect(copy).toEqual(lodash.clone(values));
    expect(copy).not.toBe(values);
    expect(copy.address).toBe(values.address);
    const lines = clone(values.address.lines);
    expect(Array.isArray(lines)).toBe(true);
    expect(lines).toEqual(lodash.clone(values.address.lines));
    const money = clone(new Money(1250));
    expect(money).toBeInstanceOf(Money);
    expect(money).toEqual(lodash.clone(new Money(1250)));
    for (const scalar of ['text', 0, null, undefined, true]) expect(clone(scalar)).toBe(lodash.clone(scalar));
  });

  it('isPlainObject tells form objects from everything else as lodash does', () => {
    const samples: unknown[] = [
      {},
      { a: 1 },
      Object.create(null),
      new Object(),
      [],
      [1],
      new Date(),
      new Money(1),
      null,
      undefined,
      'text',
      1,
      () => undefined,
      new Map(),
      /x/,
      Object.create({}),
    ];
    for (const sample of samples)
      expect([sample, isPlainObject(sample)]).toEqual([sample, lodash.isPlainObject(sample)]);
  });

  it('toPath reads every field name the SPA uses as lodash does', () => {
    const names = ['account', 'address.country.code', 'lines[0]', 'lines[0].name', 'images.1', 'a.b[2][3].c', 'repPwd'];
    for (const name of names) expect([name, toPath(name)]).toEqual([name, lodash.toPath(name)]);
    expect(toPath(['lines', 0, 'name'])).toEqual(lodash.toPath(['lines', 0, 'name']));
  });
});
