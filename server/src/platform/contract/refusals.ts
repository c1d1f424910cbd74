/**
 * Refusals a shopper can cause (BACKEND-FAMILY.md, Conventions; the contract's Envelope rules): a
 * value the shopper typed that breaks a rule of the contract is answered HTTP 200, code 0, with the
 * message this server uses for that rule in the request's language ('Password must be at least 6
 * characters'), never with validator text ('password: must NOT have fewer than 6 characters') and
 * never with HTTP 400, which the family's client shows as "system interface 400 abnormal".
 *
 * The table names, per operation path, the fields a shopper fills in and the message of each rule.
 * A request whose problems are not all on such fields (a malformed id, an unknown enum value, a
 * missing order_id: nothing a client built from its own screens sends) stays HTTP 400.
 */
import type { Request } from 'express';
import { t, type MessageKey } from '../i18n';

/**
 * A message for every problem of a field; or one for too long a value and one for the rest; or
 * (`unchosen`) a message only for a choice the shopper did not make (the field left out or
 * ''), while any other problem of it (an id that is not a number) stays a request no client
 * builds (HTTP 400).
 */
type Rule = MessageKey | { default: MessageKey; maxLength: MessageKey } | { unchosen: MessageKey };

const TOO_LONG: MessageKey = 'Please enter at most {n} characters';
const text = (missing: MessageKey): Rule => ({ default: missing, maxLength: TOO_LONG });
const PASSWORD: Rule = {
  default: 'Password must be at least 6 characters',
  maxLength: 'Password must be at most 64 characters',
};
const MOBILE: MessageKey = 'Please enter a correct mobile phone number';
const EMAIL: MessageKey = 'Please fill correct email';
const NICKNAME: Rule = { default: 'Please enter a nickname', maxLength: 'Nickname must be at most 30 characters' };
const QUANTITY: MessageKey = 'Please choose a quantity from 1 to 999';
const RATING: MessageKey = 'Please give a rating from 1 to 5';
const PAY_CODE: MessageKey = 'Payment code must be exactly 6 digits';
const ACCOUNT: Rule = { default: 'Please input account and password', maxLength: 'Account or password is incorrect' };
/** The login password a step-up asks for (changing phone or email, setting the first payment code). */
const LOGIN_PASSWORD: Rule = {
  default: 'Please enter your login password',
  maxLength: 'The login password is incorrect',
};

/** Operation path -> the fields a shopper types or picks on that screen -> their rule's message. */
const SHOPPER_FIELDS: Record<string, Record<string, Rule>> = {
  '/api/user/login': { account: ACCOUNT, password: ACCOUNT },
  '/api/user/register': {
    username: 'Username must be 3-20 letters, digits or underscores',
    nickname: NICKNAME,
    password: PASSWORD,
    repPwd: PASSWORD,
    email: EMAIL,
    mobile: MOBILE,
    quhao: 'Please enter the calling code',
  },
  '/api/user/profile': {
    body: 'Please change at least one field',
    nickname: NICKNAME,
    email: EMAIL,
    mobile: MOBILE,
    quhao: 'Please enter the calling code',
    password: LOGIN_PASSWORD,
  },
  '/api/user/resetpwd': {
    mobile: MOBILE,
    quhao: MOBILE,
    code: 'Please enter the 6-digit verification code',
    oldpassword: { default: 'Please enter the old password', maxLength: 'The old password is incorrect' },
    newpassword: PASSWORD,
  },
  '/api/user/send_code': { mobile: MOBILE, quhao: MOBILE },
  '/api/user/resetPay': { oldpassword: 'Incorrect payment code', newpassword: PAY_CODE, password: LOGIN_PASSWORD },
  '/api/user/verify_pay': { password_pay: PAY_CODE },
  '/api/user/recharge': { price: 'Please fill correct amount' },
  '/api/user/extract': {
    price: 'Draw amount cannot be less than or equal to 0 or empty',
    bank_card: 'Please enter a correct bank card number',
    bank_name: 'Please enter the bank name',
    real_name: 'Please enter the card holder name',
    blockchain: 'Please enter a correct receiving address',
  },
  '/api/user/address_add': {
    name: text('Please enter the addressee'),
    mobile: MOBILE,
    quhao: MOBILE,
    country: text('Please choose the area'),
    detail: text('Please enter the detailed address'),
    tag: text('Please enter a tag'),
  },
  '/api/index/hot_product': { title: TOO_LONG },
  '/api/product/search': {
    title: TOO_LONG,
    min_price: 'Please enter a correct price range',
    max_price: 'Please enter a correct price range',
  },
  '/api/product/suggest': { title: TOO_LONG },
  '/api/product/searchs': { title: TOO_LONG },
  '/api/cart/add': { num: QUANTITY },
  '/api/cart/set_num': { num: QUANTITY },
  '/api/order/merCreate': { number: QUANTITY, promo_code: 'Invalid promo code' },
  // The family's client submits a checkout without an address as it got it from merCreate (address
  // null): address_id left out or '' (BACKEND-FAMILY.md, Bag). The shopper has not chosen one yet.
  '/api/order/merSubmit': {
    address_id: { unchosen: 'Please choose a shipping address' },
    promo_code: 'Invalid promo code',
  },
  '/api/order/refund': {
    amount: 'Please fill correct amount',
    reason_type: text('Please choose a refund reason'),
    refund_explain: text('Please describe the reason for the refund'),
    images: 'Please upload proof images',
  },
  '/api/order/comment': {
    product_score: RATING,
    service_score: RATING,
    postage_score: RATING,
    comment: text('Review content cannot be empty'),
  },
  '/merchant/common/upload': { file: 'Please choose an image to upload' },
};

export interface ValidatorIssue {
  path?: string;
  message?: string;
  errorCode?: string;
}

/** The validator keyword of an issue: 'required', 'maxLength', 'pattern', ... */
export const keywordOf = (issue: ValidatorIssue) => (issue.errorCode ?? '').split('.')[0] ?? '';

/** Keywords that only wrap other issues (the alternatives of a oneOf / anyOf body). */
const WRAPPERS = new Set(['oneOf', 'anyOf', 'if', 'not']);

/**
 * The field an issue is about: '/body/email' -> 'email'; a missing property (reported on its
 * parent) -> its name; a rule on the whole body (minProperties) -> 'body'.
 */
export function fieldOf(issue: ValidatorIssue): string {
  const parts = (issue.path ?? '')
    .replace(/^[./]+/, '')
    .split(/[./]/)
    .filter(Boolean);
  if (parts[0] && /^(body|query|params|path|headers|header|cookies)$/.test(parts[0])) parts.shift();
  if (keywordOf(issue) === 'required') {
    const missing = /required property '([^']+)'/.exec(issue.message ?? '')?.[1];
    if (missing && parts[parts.length - 1] !== missing) parts.push(missing);
  }
  return parts.join('.') || 'body';
}

const owns = (source: unknown, field: string): source is Record<string, unknown> =>
  Boolean(source) && typeof source === 'object' && Object.prototype.hasOwnProperty.call(source, field);

/** Whether the request sent that field (in its JSON body or its query string). */
function sent(req: Request, field: string): boolean {
  return owns(req.body, field) || owns(req.query, field);
}

/** Whether the request left the field without a value: not sent, or ''. */
function unchosen(req: Request, field: string): boolean {
  const value = owns(req.body, field) ? req.body[field] : owns(req.query, field) ? req.query[field] : undefined;
  return value === undefined || value === '';
}

/**
 * The localized refusal for validator issues that all concern fields a shopper fills in on this
 * operation, or null (then the request is one no client would build: HTTP 400). Of several, a
 * problem with a value that was sent comes before a missing field, so the alternative a request
 * did not choose (resetpwd's forgot or change variant) does not speak for it.
 */
export function shopperRefusal(req: Request, issues: readonly ValidatorIssue[]): string | null {
  const fields = SHOPPER_FIELDS[req.path];
  if (!fields) return null;
  const relevant = issues.filter((i) => !WRAPPERS.has(keywordOf(i)));
  // Of the body as a whole only "nothing sent" is the shopper's (a body of the wrong type is not).
  const shoppers = (i: ValidatorIssue) => {
    const rule = fields[fieldOf(i)];
    if (rule === undefined) return false;
    if (fieldOf(i) === 'body') return keywordOf(i) === 'minProperties';
    return typeof rule === 'string' || !('unchosen' in rule) || unchosen(req, fieldOf(i));
  };
  if (!relevant.length || !relevant.every(shoppers)) return null;
  const first = relevant.find((i) => keywordOf(i) !== 'required' && sent(req, fieldOf(i))) ?? relevant[0]!;
  const rule = fields[fieldOf(first)]!;
  const key =
    typeof rule === 'string'
      ? rule
      : 'unchosen' in rule
        ? rule.unchosen
        : keywordOf(first) === 'maxLength'
          ? rule.maxLength
          : rule.default;
  // A limit ('at most {n} characters') is the number the validator names.
  return t(req.locale, key, /(\d+)/.exec(first.message ?? '')?.[1]);
}
