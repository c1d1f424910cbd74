import { readFilters } from '../../src/features/catalog/components/search-filters';
import { markPieces, marksOf } from '../../src/features/catalog/lib/marks';
import { priceFilterSchema } from '../../src/features/catalog/schemas/price-filter.schema';

/** The pieces as text with the marked parts in brackets: 'Men's [Shi]rt'. */
const shown = (text: string, marks: { start: number; length: number }[]) =>
  markPieces(text, marks)
    .map((piece) => (piece.marked ? `[${piece.text}]` : piece.text))
    .join('');

describe('markPieces', () => {
  it('marks the parts the server names, in UTF-16 offsets', () => {
    expect(shown("Men's Oxford Shirt", [{ start: 13, length: 3 }])).toBe("Men's Oxford [Shi]rt");
    expect(
      shown('Shirt shirt', [
        { start: 0, length: 2 },
        { start: 6, length: 2 },
      ]),
    ).toBe('[Sh]irt [sh]irt');
    // An emoji is two UTF-16 units: the offsets count them as JavaScript does.
    expect(shown('😀 Tea set', [{ start: 3, length: 3 }])).toBe('😀 [Tea] set');
    expect(shown('', [])).toBe('');
  });

  it('keeps the text whole whatever the marks say (unsorted, overlapping, out of range, malformed)', () => {
    const text = 'Running Shoes';
    const cases = [
      [
        { start: 8, length: 2 },
        { start: 0, length: 3 },
      ],
      [
        { start: 0, length: 5 },
        { start: 2, length: 5 },
      ],
      [
        { start: -4, length: 6 },
        { start: 11, length: 40 },
      ],
      [
        { start: 1.5, length: 2 },
        { start: 3, length: 0 },
        { start: 99, length: 1 },
      ],
    ];
    expect(cases.map((marks) => shown(text, marks))).toEqual([
      '[Run]ning [Sh]oes',
      '[Running] Shoes',
      '[Ru]nning Sho[es]',
      'Running Shoes',
    ]);
    for (const marks of cases)
      expect(
        markPieces(text, marks)
          .map((piece) => piece.text)
          .join(''),
      ).toBe(text);
  });
});

describe('marksOf', () => {
  it('finds every occurrence of the typed text, ignoring letter case', () => {
    expect(marksOf('Shoes and running shoes', 'SHO')).toEqual([
      { start: 0, length: 3 },
      { start: 18, length: 3 },
    ]);
    expect(marksOf('coffee', 'tea')).toEqual([]);
    expect(marksOf('coffee', '')).toEqual([]);
  });
});

describe('priceFilterSchema', () => {
  const problems = async (min: string, max: string) => {
    try {
      await priceFilterSchema.validate({ min, max }, { abortEarly: false });
      return [];
    } catch (error) {
      return (error as { errors: string[] }).errors;
    }
  };

  it('takes empty bounds, whole dollars and cents, the lowest not above the highest', async () => {
    for (const [min, max] of [
      ['', ''],
      ['0', ''],
      ['', '12.5'],
      ['12', '12.00'],
      [' 5 ', '9999999.99'],
    ] as const) {
      expect(await problems(min, max)).toEqual([]);
    }
  });

  it('refuses what is not a price, and a range the wrong way round, with translation ids', async () => {
    expect(await problems('abc', '')).toEqual(['catalog.filter.priceFormat']);
    expect(await problems('-5', '1e3')).toEqual(['catalog.filter.priceFormat', 'catalog.filter.priceFormat']);
    expect(await problems('1.999', '')).toEqual(['catalog.filter.priceFormat']);
    expect(await problems('50', '20')).toEqual(['catalog.filter.priceRange']);
    expect(await problems('20.01', '20')).toEqual(['catalog.filter.priceRange']);
  });
});

describe('readFilters', () => {
  const read = (search: string) => readFilters(new URLSearchParams(search));

  it('reads the price range and in-stock switch of a URL as the request takes them', () => {
    expect(read('title=men&min_price=20&max_price=60.5&in_stock=1')).toEqual({
      min: '20',
      max: '60.5',
      inStock: true,
      args: { minPrice: 20, maxPrice: 60.5, inStock: 1 },
      count: 2,
    });
    expect(read('')).toEqual({ min: '', max: '', inStock: false, args: {}, count: 0 });
    expect(read('max_price=15').args).toEqual({ maxPrice: 15 });
  });

  it('ignores what a hand-edited link holds that is not a filter', () => {
    expect(read('min_price=abc&max_price=-3&in_stock=yes').args).toEqual({});
    // A range the wrong way round is left out rather than sent (the server would refuse it).
    expect(read('min_price=60&max_price=20')).toMatchObject({ min: '', max: '', args: {}, count: 0 });
  });
});
