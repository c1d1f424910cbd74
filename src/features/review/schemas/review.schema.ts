import { array, number, object, string } from 'yup';

/** The contract's limit on a review's text. */
export const COMMENT_MAX = 1000;
/** Photos a review may carry. */
export const MAX_PICS = 3;

export interface ReviewValues {
  productScore: number;
  serviceScore: number;
  postageScore: number;
  comment: string;
  /** URLs of the uploaded photos (optional). */
  pics: string[];
}

/** A rating from 1 to 5 in steps of 0.5 (openapi Score). */
const score = () =>
  number()
    .required('review.validation.score')
    .min(1, 'review.validation.score')
    .max(5, 'review.validation.score')
    .test('half-steps', 'review.validation.score', (value) => value === undefined || Number.isInteger(value * 2));

/** SPEC.md section 5, Review: 'Review content cannot be empty'. Messages are translation ids. */
export const reviewSchema = object({
  productScore: score(),
  serviceScore: score(),
  postageScore: score(),
  comment: string().trim().required('validation.reviewEmpty').max(COMMENT_MAX, 'review.validation.length'),
  pics: array(string().required()).max(MAX_PICS),
});
