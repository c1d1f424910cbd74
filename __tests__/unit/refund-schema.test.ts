import type { OrderDetail, OrderLine } from '../../src/api';
import { idsFrom, refundTarget } from '../../src/features/refund/lib/refund-target';
import {
  refundAmountProblem,
  refundSchema,
  REFUND_REASONS,
  type RefundValues,
} from '../../src/features/refund/schemas/refund.schema';
import { reviewSchema, type ReviewValues } from '../../src/features/review/schemas/review.schema';
import { paths } from '../../src/shared/config/paths';
import enMessages from '../../translations/en.json';
import { errorsOf } from '../support/schemas';

describe('refundSchema', () => {
  const valid: RefundValues = {
    serviceType: '0',
    receivingStatus: '1',
    amount: '12.50',
    reason: 'quality',
    explain: 'The lid is cracked.',
    images: ['http://127.0.0.1/media/uploads/proof.png'],
  };
  const context = { maxAmount: '17.50' };

  it('accepts a complete request up to the amount paid', async () => {
    expect(await errorsOf(refundSchema, valid, context)).toEqual({});
    expect(await errorsOf(refundSchema, { ...valid, amount: '17.50' }, context)).toEqual({});
    expect(await errorsOf(refundSchema, { ...valid, amount: ' 0.01 ' }, context)).toEqual({});
    expect(await errorsOf(refundSchema, { ...valid, serviceType: '1', receivingStatus: '0' }, context)).toEqual({});
    for (const reason of REFUND_REASONS)
      expect(await errorsOf(refundSchema, { ...valid, reason }, context)).toEqual({});
  });

  it('asks for every field of an empty form', async () => {
    const empty: RefundValues = {
      serviceType: '',
      receivingStatus: '',
      amount: '',
      reason: '',
      explain: '',
      images: [],
    };
    expect(await errorsOf(refundSchema, empty, context)).toEqual({
      serviceType: 'refund.validation.typeRequired',
      receivingStatus: 'refund.validation.productStatusRequired',
      amount: 'refund.validation.amountRequired',
      reason: 'refund.validation.reasonRequired',
      explain: 'refund.validation.explainRequired',
      images: 'refund.validation.proofRequired',
    });
  });

  it('refuses a blank or too long explanation, an unknown reason and more than three proofs', async () => {
    expect(await errorsOf(refundSchema, { ...valid, explain: '   ' }, context)).toEqual({
      explain: 'refund.validation.explainRequired',
    });
    expect(await errorsOf(refundSchema, { ...valid, explain: 'x'.repeat(501) }, context)).toEqual({
      explain: 'refund.validation.explainLength',
    });
    expect(await errorsOf(refundSchema, { ...valid, explain: 'x'.repeat(500) }, context)).toEqual({});
    expect(await errorsOf(refundSchema, { ...valid, reason: 'bored' }, context)).toEqual({
      reason: 'refund.validation.reasonRequired',
    });
    expect(await errorsOf(refundSchema, { ...valid, images: ['a', 'b', 'c', 'd'] }, context)).toHaveProperty('images');
  });

  it('without a context allows no amount at all (the ceiling is unknown)', async () => {
    expect(await errorsOf(refundSchema, valid)).toEqual({ amount: 'refund.validation.amountOverPaid' });
  });

  it('every message is a translation', async () => {
    const ids = [
      'refund.validation.typeRequired',
      'refund.validation.productStatusRequired',
      'refund.validation.amountRequired',
      'refund.validation.amountZero',
      'refund.validation.amountOverPaid',
      'refund.validation.reasonRequired',
      'refund.validation.explainRequired',
      'refund.validation.explainLength',
      'refund.validation.proofRequired',
      'validation.refundNegative',
      'validation.amount',
      ...REFUND_REASONS.map((reason) => `refund.reason.${reason}`),
    ];
    for (const id of ids) expect(enMessages).toHaveProperty([id]);
  });
});

describe('refundAmountProblem', () => {
  it.each([
    ['', 'refund.validation.amountRequired'],
    ['  ', 'refund.validation.amountRequired'],
    ['-1', 'validation.refundNegative'],
    ['-0.5', 'validation.refundNegative'],
    ['-abc', 'validation.amount'],
    ['abc', 'validation.amount'],
    ['1e3', 'validation.amount'],
    ['1.234', 'validation.amount'],
    ['+5', 'validation.amount'],
    ['0', 'refund.validation.amountZero'],
    ['0.00', 'refund.validation.amountZero'],
    ['100.01', 'refund.validation.amountOverPaid'],
    ['100', undefined],
    ['99.99', undefined],
    ['0.01', undefined],
  ])('%p -> %p (paid 100.00)', (value, problem) => {
    expect(refundAmountProblem(value, '100.00')).toBe(problem);
  });

  it('compares exactly, without floating point', () => {
    expect(refundAmountProblem('0.3', '0.30')).toBeUndefined();
    expect(refundAmountProblem('0.31', '0.30')).toBe('refund.validation.amountOverPaid');
    expect(refundAmountProblem('9007199254740993.01', '9007199254740993.00')).toBe('refund.validation.amountOverPaid');
  });
});

describe('refundTarget', () => {
  const line = (id: number): OrderLine => ({
    order_product_id: id,
    product_id: id + 100,
    image: '',
    title: `Line ${id}`,
    spec: '',
    product_num: 1,
    product_price: '10.00',
    total_price: '10.00',
    is_reply: 0,
  });
  const order = { total_price: '25.00', products: [line(1), line(2)] } as OrderDetail;

  it('takes the lines of the URL that belong to the order, else all of them', () => {
    expect(refundTarget(order, '2').lines.map((item) => item.order_product_id)).toEqual([2]);
    expect(refundTarget(order, '2,1').lines.map((item) => item.order_product_id)).toEqual([1, 2]);
    expect(refundTarget(order, '9').lines).toHaveLength(2);
    expect(refundTarget(order, undefined).lines).toHaveLength(2);
  });

  it('caps the amount at what was paid; the URL can only lower it', () => {
    expect(refundTarget(order, '', '25.00').maxAmount).toBe('25.00');
    expect(refundTarget(order, '', '999.00').maxAmount).toBe('25.00');
    expect(refundTarget(order, '', '7.5').maxAmount).toBe('7.50');
    expect(refundTarget(order, '', '0').maxAmount).toBe('25.00');
    expect(refundTarget(order, '', 'abc').maxAmount).toBe('25.00');
    expect(refundTarget(order).maxAmount).toBe('25.00');
  });

  it('reads comma lists of ids, leaving out what is not one', () => {
    expect(idsFrom('301,302')).toEqual([301, 302]);
    expect(idsFrom('301, x ,0,-2,303')).toEqual([301, 303]);
    expect(idsFrom('')).toEqual([]);
  });
});

describe('paths.refundFor', () => {
  it('builds /refund/{id}/{sn}/{product_ids}/{amount}', () => {
    expect(paths.refundFor(101, 'SO20241122000101', [301, 302], '909.00')).toBe(
      '/refund/101/SO20241122000101/301,302/909.00',
    );
    expect(paths.refundFor('7', 'A/B', [], '1.00')).toBe('/refund/7/A%2FB//1.00');
  });
});

describe('reviewSchema', () => {
  const valid: ReviewValues = { productScore: 5, serviceScore: 4.5, postageScore: 1, comment: 'Good.', pics: [] };

  it('accepts ratings from 1 to 5 in halves, with or without photos', async () => {
    expect(await errorsOf(reviewSchema, valid)).toEqual({});
    expect(await errorsOf(reviewSchema, { ...valid, pics: ['a', 'b', 'c'] })).toEqual({});
  });

  it("says 'Review content cannot be empty' for an empty or blank text (SPEC.md section 5)", async () => {
    expect(await errorsOf(reviewSchema, { ...valid, comment: '' })).toEqual({ comment: 'validation.reviewEmpty' });
    expect(await errorsOf(reviewSchema, { ...valid, comment: ' \n ' })).toEqual({ comment: 'validation.reviewEmpty' });
    expect(await errorsOf(reviewSchema, { ...valid, comment: 'x'.repeat(1001) })).toEqual({
      comment: 'review.validation.length',
    });
  });

  it.each([0, 0.5, 5.5, 4.25, 3.3])('refuses the rating %p', async (score) => {
    expect(await errorsOf(reviewSchema, { ...valid, serviceScore: score })).toEqual({
      serviceScore: 'review.validation.score',
    });
  });

  it('refuses more than three photos', async () => {
    expect(await errorsOf(reviewSchema, { ...valid, pics: ['a', 'b', 'c', 'd'] })).toHaveProperty('pics');
  });
});
