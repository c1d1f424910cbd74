/** @jest-environment node */
/**
 * A refusal a shopper can cause is HTTP 200, code 0, with the rule's message in the request's
 * language, never validator text (BACKEND-FAMILY.md, Conventions: the family's client shows msg only
 * for HTTP 200). HTTP 400 stays for requests no client would build.
 */
import { startTestServer, type TestServer } from '../../server/src/tools/testing/test-server';
import { newShopper, type Env } from '../../server/src/tools/testing/wallet';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = (await newShopper(server, 'rf')).token;
});
afterAll(() => server.stop());

const REGISTER = {
  username: 'new_shopper',
  nickname: 'New Shopper',
  password: 'secret12',
  repPwd: 'secret12',
  email: 'new@example.com',
  mobile: '2015550188',
  quhao: '1',
};
const ADDRESS = { name: 'A B', mobile: '2015550123', country: 'US', detail: '1 Main St', tag: 'Home', is_default: 0 };
const REFUND = {
  order_id: '1',
  sn: 'SO1',
  amount: '1.00',
  service_type: 0,
  receiving_status: 0,
  reason_type: 'Damaged',
  refund_explain: 'Broken on arrival',
  images: 'https://x.example.com/a.png',
  order_product_id: '1',
};
const REVIEW = {
  order_id: '1',
  product_id: '1',
  product_score: 5,
  service_score: 5,
  postage_score: 5,
  comment: 'Good',
};

/** [what, path, body (POST) or null (GET), English message, Chinese message] */
const CASES: Array<[string, string, object | null, string, string]> = [
  [
    'a short password',
    '/api/user/register',
    { ...REGISTER, password: '123', repPwd: '123' },
    'Password must be at least 6 characters',
    '密码至少需要 6 位',
  ],
  [
    'a too long password',
    '/api/user/register',
    { ...REGISTER, password: 'x'.repeat(65), repPwd: 'x'.repeat(65) },
    'Password must be at most 64 characters',
    '密码最多 64 个字符',
  ],
  [
    'a username with a space',
    '/api/user/register',
    { ...REGISTER, username: 'a b' },
    'Username must be 3-20 letters, digits or underscores',
    '用户名须为 3-20 位字母、数字或下划线',
  ],
  [
    'an email without a domain',
    '/api/user/register',
    { ...REGISTER, email: 'new@' },
    'Please fill correct email',
    '请填写正确的邮箱',
  ],
  [
    'letters as a mobile',
    '/api/user/register',
    { ...REGISTER, mobile: 'call me' },
    'Please enter a correct mobile phone number',
    '请输入正确的手机号码',
  ],
  [
    'no calling code on register',
    '/api/user/register',
    { ...REGISTER, quhao: '' },
    'Please enter the calling code',
    '请选择国际区号',
  ],
  ['an empty nickname', '/api/user/register', { ...REGISTER, nickname: '' }, 'Please enter a nickname', '请输入昵称'],
  [
    'an empty password at login',
    '/api/user/login',
    { account: 'demo', password: '' },
    'Please input account and password',
    '请输入账号和密码',
  ],
  [
    'a too long nickname',
    '/api/user/profile',
    { nickname: 'x'.repeat(31) },
    'Nickname must be at most 30 characters',
    '昵称最多 30 个字符',
  ],
  [
    'a 5-digit verification code',
    '/api/user/resetpwd',
    { mobile: '2015550123', code: '12345', newpassword: 'secret99' },
    'Please enter the 6-digit verification code',
    '请输入 6 位验证码',
  ],
  [
    'letters as the mobile for a code',
    '/api/user/send_code',
    { mobile: 'abc' },
    'Please enter a correct mobile phone number',
    '请输入正确的手机号码',
  ],
  [
    'an address without addressee',
    '/api/user/address_add',
    { ...ADDRESS, name: '' },
    'Please enter the addressee',
    '请输入收货人',
  ],
  [
    'an address mobile of letters, no quhao',
    '/api/user/address_add',
    { ...ADDRESS, mobile: 'phone' },
    'Please enter a correct mobile phone number',
    '请输入正确的手机号码',
  ],
  [
    'a recharge of "ten"',
    '/api/user/recharge',
    { recharge_type: 1, network: 'TRC20', price: 'ten', image: '' },
    'Please fill correct amount',
    '请填写正确的金额',
  ],
  [
    'a withdrawal of 1.234',
    '/api/user/extract',
    { extract_type: 0, price: '1.234' },
    'Draw amount cannot be less than or equal to 0 or empty',
    '提现金额不能小于或等于 0 或为空',
  ],
  [
    'a bank card of 3 digits',
    '/api/user/extract',
    { extract_type: 0, price: '10', bank_card: '123', bank_name: 'B', real_name: 'R' },
    'Please enter a correct bank card number',
    '请输入正确的银行卡号',
  ],
  [
    'a 2-digit payment code',
    '/api/user/verify_pay',
    { password_pay: '12' },
    'Payment code must be exactly 6 digits',
    '支付密码必须为 6 位数字',
  ],
  [
    'a payment code with letters',
    '/api/user/resetPay',
    { oldpassword: '', newpassword: 'abcdef', is_verify: 0 },
    'Payment code must be exactly 6 digits',
    '支付密码必须为 6 位数字',
  ],
  [
    'a quantity of 0',
    '/api/cart/add',
    { mer_id: '7', product_id: '18', num: '0', spec: '' },
    'Please choose a quantity from 1 to 999',
    '请选择 1 到 999 之间的数量',
  ],
  [
    'a 33-letter promo code',
    '/api/order/merCreate',
    { product_id: '18', mer_id: '7', number: 1, promo_code: 'X'.repeat(33) },
    'Invalid promo code',
    '优惠码无效',
  ],
  [
    'a checkout submitted without an address',
    '/api/order/merSubmit',
    { product_id: '18', mer_id: '7', number: '1', spec: '', chu_id: 0 },
    'Please choose a shipping address',
    '请选择收货地址',
  ],
  [
    "a checkout submitted with address_id '' (previewOrder had no address)",
    '/api/order/merSubmit',
    { address_id: '', product_id: '18', mer_id: '7', number: '1', spec: '', chu_id: 0 },
    'Please choose a shipping address',
    '请选择收货地址',
  ],
  [
    'a refund without explanation',
    '/api/order/refund',
    { ...REFUND, refund_explain: '' },
    'Please describe the reason for the refund',
    '请填写退款说明',
  ],
  [
    'a refund amount of letters',
    '/api/order/refund',
    { ...REFUND, amount: 'all' },
    'Please fill correct amount',
    '请填写正确的金额',
  ],
  [
    'a rating of 0 stars',
    '/api/order/comment',
    { ...REVIEW, product_score: 0 },
    'Please give a rating from 1 to 5',
    '请给出 1 到 5 分的评分',
  ],
  [
    'an empty review',
    '/api/order/comment',
    { ...REVIEW, comment: '' },
    'Review content cannot be empty',
    '评价内容不能为空',
  ],
  [
    'a 201-letter search',
    `/api/product/search?title=${'a'.repeat(201)}`,
    null,
    'Please enter at most 200 characters',
    '最多可输入 200 个字符',
  ],
];

describe('a refusal a shopper can cause', () => {
  it.each(CASES)('%s: HTTP 200, code 0, the rule in English and Chinese', async (_what, path, body, en, zh) => {
    for (const [lang, msg] of [
      ['en', en],
      ['zh-CN', zh],
    ] as const) {
      const res = await server.call<Env>(path, { token, lang, ...(body ? { json: body } : {}) });
      expect([lang, res.status, res.body]).toEqual([lang, 200, { code: 0, msg, data: null }]);
    }
  });

  it('never answers with validator text; Japanese, Korean and Thai get their own wording', async () => {
    for (const lang of ['ri', 'han', 'tai']) {
      for (const [what, path, body, en] of CASES) {
        const res = await server.call<Env>(path, { token, lang, ...(body ? { json: body } : {}) });
        expect([what, res.status, res.body.code]).toEqual([what, 200, 0]);
        expect(res.body.msg).not.toMatch(/^[A-Za-z_]+: |must NOT|must match|must have|is required|is invalid/);
        expect([what, lang, res.body.msg === en]).toEqual([what, lang, false]);
      }
    }
  });
});

describe('HTTP 400 stays for requests no client would build', () => {
  const expect400 = async (path: string, init: { json?: unknown; method?: string } = {}, field?: RegExp) => {
    const res = await server.call<Env>(path, { token, ...init });
    expect([path, res.status, res.body.code, res.body.data]).toEqual([path, 400, 0, null]);
    if (field) expect(res.body.msg).toMatch(field);
  };

  it('a JSON body that is no object', async () => {
    for (const json of [[], ['nickname']]) await expect400('/api/user/profile', { json });
  });

  it('a body that is not JSON', async () => {
    for (const lang of ['en', 'zh-CN']) {
      const res = await fetch(`${server.baseUrl}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', lang },
        body: '{"account": "demo", ',
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as Env).code).toBe(0);
    }
  });

  it('an id that is not a number, an unknown enum value, a page or limit out of range, a missing id', async () => {
    await expect400('/api/order/detail?order_id=abc', {}, /^order_id: /);
    await expect400('/api/order/cancel', { json: { order_id: 'first' } }, /^order_id: /);
    await expect400('/api/user/bill?type=gift', {}, /^type: /);
    await expect400('/api/user/extract', { json: { extract_type: 2, price: '1' } }, /^extract_type: /);
    await expect400('/api/product/search?limit=101', {}, /^limit: /);
    await expect400('/api/user/order_list?page=0', {}, /^page: /);
    await expect400('/api/user/pay', { json: {} }, /order_id/);
    // An address id that is there but no id is not the shopper's missing choice.
    await expect400('/api/order/merSubmit', { json: { address_id: 'home', cart_ids: '1' } }, /^address_id: /);
    await expect400('/api/order/merSubmit', { json: { address_id: 0, cart_ids: '1' } }, /^address_id: /);
  });

  it('a shopper field next to a field no client sends wrong: the request is still malformed', async () => {
    await expect400('/api/order/refund', { json: { ...REFUND, refund_explain: '', service_type: 7 } });
  });
});
