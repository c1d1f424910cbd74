/**
 * The calls the checker makes, in order. Read-only (the default), only calls that are safe on any
 * server: public reads, the sign-up/login/logout of a throw-away user (or of the account given), the
 * language of that user, reads of that user's own records, a passkey added to the throw-away user and
 * removed again (passkeys.ts), and failures on purpose; never money, never shared data. With `write`,
 * the money path (money-path.ts) runs on that account before logout.
 * Ids are read from the shapes of the backend family (BACKEND-FAMILY.md): a product card's
 * product_id and mer_id, a category's category_id, a shop card's mer_id.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { check, checkUnknownPath, skip, type CheckContext, type CheckSpec, type Checked } from './check';
import { runMoneyPath, skipMoneyPath, type ProductRef } from './money-path';
import { PASSKEY_OPERATIONS, removePasskey, runPasskeys } from './passkeys';
import { dataOf, isObj, listOf, posInt, type Obj } from './values';

export interface ThrowawayUser {
  username: string;
  nickname: string;
  password: string;
  email: string;
  mobile: string;
  quhao: string;
  /** The payment code --write sets on it. */
  payCode: string;
}

export interface ScenarioOptions {
  /** Where the API is (the passkey device signs for an origin derived from it). */
  baseUrl: string;
  /** Log in with this account instead of registering the throw-away user. */
  account?: string;
  password?: string;
  /** The throw-away user to register when no account is given. */
  user?: ThrowawayUser;
  /** Run the money path after the reads. */
  write?: boolean;
  /** The given account's payment code (write with an account). */
  payCode?: string;
}

/** The operations the read-only run calls (the rest change data or move money; see money-path.ts). */
export const EXERCISED = [
  'getPlatform',
  'listLanguages',
  'getHelpSupport',
  'getLaw',
  'listBanners',
  'listCategories',
  'listHotProducts',
  'listHotShops',
  'listTopKeywords',
  'searchProducts',
  'suggestSearch',
  'searchShops',
  'listCategoryProducts',
  'listRecommendedProducts',
  'getProductDetail',
  'getShopDetail',
  'register',
  'login',
  'getUserInfo',
  'setLanguage',
  'listOrders',
  'listAddresses',
  'listBills',
  'listRecharges',
  'listExtracts',
  'getExtractInfo',
  'listBlockchains',
  'getCart',
  'listLikedProducts',
  'listFollowedShops',
  'getNotificationSettings',
  'logout',
  'getShopService',
  'getAddress',
  'getOrderDetail',
  ...PASSKEY_OPERATIONS,
] as const;

/** A username the contract accepts (3-20 of [A-Za-z0-9_]) that no one else has. */
export function throwawayUser(): ThrowawayUser {
  const username = `ct_${Date.now().toString(36)}${randomBytes(3).toString('hex')}`.slice(0, 20);
  return {
    username,
    nickname: 'Contract Check',
    password: `Ct-${randomBytes(6).toString('hex')}`,
    email: `${username}@example.com`,
    mobile: '2015550123',
    quhao: '1',
    payCode: String(randomInt(0, 1_000_000)).padStart(6, '0'),
  };
}

export async function runScenario(ctx: CheckContext, opts: ScenarioOptions): Promise<void> {
  const page = { page: 1, limit: 10 };
  let categoryId: number | undefined;
  const products: ProductRef[] = [];
  let merId: number | undefined;
  // Product cards carry product_id and mer_id beside goods{...}; shop cards carry mer_id.
  const noteProducts = (c: Checked) => {
    for (const p of listOf(c)) {
      if (!isObj(p) || !posInt(p.mer_id) || !posInt(p.product_id)) continue;
      const { mer_id, product_id } = p;
      if (!products.some((q) => q.product_id === product_id && q.mer_id === mer_id))
        products.push({ mer_id, product_id });
      merId ??= mer_id;
    }
  };
  const noteShops = (c: Checked) => {
    for (const s of listOf(c)) if (!merId && isObj(s) && posInt(s.mer_id)) merId = s.mer_id;
  };
  const read = (operationId: string, query?: CheckSpec['query'], token?: string) =>
    check(ctx, { operationId, query, token, expect: 'success' });

  // --- Public reads -------------------------------------------------------------------------------
  await read('getPlatform');
  const languages = listOf(await read('listLanguages', page)).filter(isObj);
  await read('getHelpSupport');
  await read('getLaw');
  await read('listBanners');
  for (const c of listOf(await read('listCategories')))
    if (!categoryId && isObj(c) && posInt(c.category_id)) categoryId = c.category_id;
  noteProducts(await read('listHotProducts', page));
  noteShops(await read('listHotShops', { page: 1, limit: 8 }));
  await read('listTopKeywords');
  noteProducts(await read('searchProducts', page));
  // Extensions of the search screen: 'did you mean' corrections of a misspelt search, and
  // suggestions as the shopper types.
  await check(ctx, {
    operationId: 'searchProducts',
    variant: 'a misspelt search',
    query: { ...page, title: 'shrit' },
    expect: 'success',
  });
  await read('suggestSearch', { title: 'sh' });
  noteShops(await read('searchShops', page));
  // The contract answers an unknown category with an empty list, so 1 is safe when none was found.
  noteProducts(await read('listCategoryProducts', { category_id: categoryId ?? 1, page: 1, limit: 8 }));
  noteProducts(await read('listRecommendedProducts', { ...(categoryId ? { category_id: categoryId } : {}), ...page }));
  let productDetail: Obj | undefined;
  if (products[0]) {
    const detail = await read('getProductDetail', { ...products[0] });
    const d = dataOf(detail);
    if (isObj(d)) productDetail = d;
    if (!merId && isObj(d) && posInt(d.mer_id)) merId = d.mer_id;
  } else {
    skip(ctx, { operationId: 'getProductDetail' }, 'no product id: no product list answered one');
  }
  if (merId) await read('getShopDetail', { mer_id: merId, ...page });
  else skip(ctx, { operationId: 'getShopDetail' }, 'no shop id: no product or shop list answered one');

  // --- Failures on purpose ------------------------------------------------------------------------
  await check(ctx, { operationId: 'getUserInfo', variant: 'no token', expect: 'unauthorized' });
  // The family's client sends the fields as typed, so empty ones as '': a refusal the shopper causes,
  // HTTP 200 with code 0 and a msg, since that client shows msg only for HTTP 200 (BACKEND-FAMILY.md,
  // Conventions).
  await check(ctx, {
    operationId: 'login',
    variant: 'empty account and password',
    json: { account: '', password: '' },
    expect: 'refusal',
  });
  await checkUnknownPath(ctx, `/api/contract-check/no-such-path-${randomBytes(3).toString('hex')}`);

  // --- Account ------------------------------------------------------------------------------------
  let account = opts.account;
  let password = opts.password;
  let registeredName: string | undefined;
  let registeredPayCode: string | undefined;
  if (account === undefined) {
    const user = opts.user ?? throwawayUser();
    const { payCode: _payCode, ...fields } = user;
    const reg = await check(ctx, {
      operationId: 'register',
      json: { ...fields, repPwd: user.password },
      expect: 'success',
    });
    if (reg.result.outcome === 'PASS') {
      account = user.username;
      password = user.password;
      registeredName = user.username;
      registeredPayCode = user.payCode;
    }
  } else {
    skip(ctx, { operationId: 'register' }, '--no-register: logging in with --account');
  }

  const loginSkip = 'no account: register did not succeed (or pass --no-register --account A --password P)';
  const AFTER_LOGIN = [
    'getUserInfo',
    'setLanguage',
    'listOrders',
    'getOrderDetail',
    'listAddresses',
    'getAddress',
    'listBills',
    'listRecharges',
    'listExtracts',
    'getExtractInfo',
    'listBlockchains',
    'getCart',
    'listLikedProducts',
    'listFollowedShops',
    'getNotificationSettings',
    'getShopService',
    ...PASSKEY_OPERATIONS,
    'logout',
  ];
  if (account === undefined || password === undefined) {
    for (const operationId of ['login', ...AFTER_LOGIN]) skip(ctx, { operationId }, loginSkip);
    if (opts.write) skipMoneyPath(ctx, loginSkip);
    return;
  }
  const login = await check(ctx, {
    operationId: 'login',
    json: { account, password },
    expect: 'success',
    verify: (b) => {
      const token = isObj(b.data) && isObj(b.data.userinfo) ? b.data.userinfo.token : undefined;
      return typeof token === 'string' && token.length > 0 ? [] : ['/data/userinfo/token is empty'];
    },
  });
  const data = dataOf(login);
  const token = isObj(data) && isObj(data.userinfo) ? (data.userinfo.token as string) : undefined;
  if (!token) {
    for (const operationId of AFTER_LOGIN) skip(ctx, { operationId }, 'no token: login did not succeed');
    if (opts.write) skipMoneyPath(ctx, 'no token: login did not succeed');
    return;
  }

  const info = await check(ctx, {
    operationId: 'getUserInfo',
    token,
    expect: 'success',
    verify: (b) =>
      registeredName && isObj(b.data) && b.data.username !== registeredName
        ? [
            `/data/username is ${JSON.stringify(b.data.username)}, expected the user just registered (${registeredName})`,
          ]
        : [],
  });

  // setLanguage: a throwaway user gets another language; a given account gets its own language
  // again, so nothing of it changes.
  const infoData = dataOf(info);
  const current = isObj(infoData) && isObj(infoData.lang) ? infoData.lang.file_name : undefined;
  let target: Obj | undefined;
  if (registeredName) target = languages.find((l) => l.is_default !== 1 && l.file_name !== current) ?? languages[0];
  else if (current !== undefined) target = languages.find((l) => l.file_name === current);
  if (!target || !posInt(target.id) || typeof target.file_name !== 'string') {
    const why =
      languages.length === 0
        ? 'no language: listLanguages answered none'
        : "the account's language is unknown; not changing it";
    skip(ctx, { operationId: 'setLanguage' }, why);
  } else {
    const fileName = target.file_name;
    const set = await check(ctx, {
      operationId: 'setLanguage',
      query: { lang_id: target.id, lang: fileName },
      token,
      expect: 'success',
    });
    if (set.result.outcome === 'PASS') {
      await check(ctx, {
        operationId: 'getUserInfo',
        variant: 'after setLanguage',
        token,
        expect: 'success',
        verify: (b) => {
          const lang = isObj(b.data) && isObj(b.data.lang) ? b.data.lang.file_name : null;
          return lang === fileName
            ? []
            : [`/data/lang/file_name is ${JSON.stringify(lang)} after setLanguage to ${fileName}`];
        },
      });
    }
  }

  // --- The user's own records ---------------------------------------------------------------------
  const orders = await read('listOrders', { ...page, status: 'all' }, token);
  const orderId = listOf(orders)
    .map((o) => (isObj(o) ? o.order_id : undefined))
    .find(posInt);
  if (orderId) await read('getOrderDetail', { order_id: orderId }, token);
  else skip(ctx, { operationId: 'getOrderDetail' }, 'no order id: listOrders answered none');
  const addresses = await read('listAddresses', page, token);
  const addressId = listOf(addresses)
    .map((a) => (isObj(a) ? a.address_id : undefined))
    .find(posInt);
  if (addressId) await read('getAddress', { address_id: addressId }, token);
  else skip(ctx, { operationId: 'getAddress' }, 'no address id: listAddresses answered none');
  await read('listBills', page, token);
  await read('listRecharges', page, token);
  await read('listExtracts', page, token);
  await read('getExtractInfo', undefined, token);
  const blockchains = listOf(await read('listBlockchains', undefined, token)).filter(isObj);
  await read('getCart', undefined, token);
  await read('listLikedProducts', page, token);
  await read('listFollowedShops', page, token);
  const notification = dataOf(await read('getNotificationSettings', undefined, token));
  if (merId) await read('getShopService', { pid: merId }, token);
  else skip(ctx, { operationId: 'getShopService' }, 'no shop id: no product or shop list answered one');

  // --- Passkeys (an extension): added to the throw-away account, removed after the money path -----
  const passkeys = await runPasskeys(ctx, { token, baseUrl: opts.baseUrl, registered: registeredName, password });

  // --- The money path (--write) -------------------------------------------------------------------
  if (opts.write) {
    const payCode = registeredName ? registeredPayCode : opts.payCode;
    if (!payCode) {
      skipMoneyPath(ctx, 'no payment code: pass --pay-code with --account');
    } else {
      await runMoneyPath(ctx, {
        token,
        registered: Boolean(registeredName),
        payCode,
        password,
        user: isObj(infoData) ? infoData : undefined,
        products,
        detail: productDetail,
        blockchains,
        notification: isObj(notification) ? notification : undefined,
        passkeys,
      });
    }
  }
  await removePasskey(ctx, passkeys, token, password);

  // --- Logout: the token must stop working --------------------------------------------------------
  const out = await check(ctx, { operationId: 'logout', token, expect: 'success' });
  if (out.result.outcome === 'PASS') {
    await check(ctx, { operationId: 'getUserInfo', variant: 'token after logout', token, expect: 'unauthorized' });
  } else {
    skip(ctx, { operationId: 'getUserInfo', variant: 'token after logout' }, 'logout did not succeed');
  }
}
