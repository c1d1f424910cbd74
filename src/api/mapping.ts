/**
 * From what the backend sends (the contract: the backend family's shapes, BACKEND-FAMILY.md) to the
 * SPA's view types (views.ts). Pure functions, wired into the endpoints by enhance.ts. Tolerant on
 * purpose, as backends of the family differ: comma strings and arrays of URLs, numbers and numeric
 * strings, money as a number or a string, display-text dates and Unix seconds. What did not come stays
 * undefined; nothing here invents a figure.
 */
import { builtInLanguages, isLocaleKey } from '../shared/i18n/locales';
import { toMoment, momentValue } from '../shared/lib/dates';
import { fromCents, toCents, toMoneyText } from '../../common/money-format';
import type * as Raw from './generated/shop-api';
import type * as View from './views';

// ---- Values ----------------------------------------------------------------------------------------

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The most items a list of an answer shows: twice the largest page the contract allows (`limit` is at
 * most 100), more than a shopper's bag, an order's lines or a product's pictures hold. A malformed
 * answer (10,000 items in a page) then renders at once instead of mounting 10,000 rows on a phone;
 * what is beyond stays on the server.
 */
export const MAX_LIST_ITEMS = 200;

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value.slice(0, MAX_LIST_ITEMS) : [];
}

/**
 * The records of a list, as the raw type the mapper reads (whose fields it still checks one by one):
 * a null or a scalar where a record is due is left out, not read.
 */
function recordsOf<T = Record<string, unknown>>(value: unknown): T[] {
  return listOf(value).filter(isRecord) as unknown as T[];
}

/** Image URLs from a comma-separated string or an array: trimmed, empties dropped. */
export function toUrlList(value: unknown): string[] {
  const parts = typeof value === 'string' ? value.split(',', MAX_LIST_ITEMS) : listOf(value);
  return parts.flatMap((part) => (typeof part === 'string' && part.trim() ? [part.trim()] : []));
}

/** A count (0, 1, 2...) from a number or a numeric string ("12", "12.0"); undefined otherwise. */
export function toCount(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\s*\d+(\.0+)?\s*$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= 0 ? number : undefined;
}

/** A positive integer id from a number or a digit string ("8"); undefined otherwise. */
export function toId(value: unknown): number | undefined {
  const id = toCount(value);
  return id !== undefined && id > 0 ? id : undefined;
}

/** A non-negative decimal number (a rate in percent, a score): 98.5, "98.5" or "98.5%". */
export function toDecimalNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim().replace(/%$/, '').trim();
  return /^\d+(\.\d+)?$/.test(text) ? Number(text) : undefined;
}

/** Text from a string or a number; '' for anything else. */
export function toText(value: unknown): string {
  if (typeof value === 'string') return value;
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : '';
}

/** Text that says something: trimmed, undefined when empty (or missing). */
function toOptionalText(value: unknown): string | undefined {
  const text = toText(value).trim();
  return text ? text : undefined;
}

/** A 0/1 flag from 1, "1" or true. */
function toFlag(value: unknown): 0 | 1 {
  return value === 1 || value === '1' || value === true ? 1 : 0;
}

/** A 0/1 value, undefined when it is neither. */
function toOptionalFlag(value: unknown): 0 | 1 | undefined {
  if (value === 0 || value === '0') return 0;
  if (value === 1 || value === '1') return 1;
  return undefined;
}

/** A required amount: normalized to 2 decimals; an unreadable one is passed on as text (shown as given). */
function toMoney(value: unknown): View.Money {
  return toMoneyText(value) ?? toText(value);
}

/** A number of a fixed set (a status), from a number or a numeric string. */
function oneOf<T extends number>(value: unknown, allowed: readonly T[]): T | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return allowed.find((candidate) => candidate === number);
}

const ORDER_STATUSES: readonly Raw.OrderStatus[] = [0, 1, 2, 3, 4, -1];
const REFUND_STATUSES: readonly Raw.RefundStatus[] = [0, 1, 2];
const AUDIT_STATUSES: readonly Raw.AuditStatus[] = [0, 1, 2];

/** price x number, exactly (cents), as a 2-decimal text. */
function times(price: View.Money, number: number): View.Money {
  return fromCents((toCents(price) ?? 0n) * BigInt(number));
}

/** The sum of amounts, exactly (cents), as a 2-decimal text. */
function sum(amounts: readonly (View.Money | undefined)[]): View.Money {
  return fromCents(amounts.reduce((total, amount) => total + (toCents(amount) ?? 0n), 0n));
}

/** A key for a list row without an id of its own: its page and position are unique in the list. */
function rowKey(id: number | undefined, page: number | undefined, index: number): string {
  return id !== undefined ? `id:${id}` : `page:${page ?? 1}:${index}`;
}

// ---- Catalog ---------------------------------------------------------------------------------------

/**
 * A category key as a translation id part: the family's keys ("Men's clothing", "electrical
 * equipment", "Toys") become the SPA's ids (mens_clothing, electrical_equipment, toys).
 */
export function categoryKey(nameEn: string): string {
  return nameEn
    .trim()
    .toLowerCase()
    .replace(/['\u2019]/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

export function toCategory(raw: Raw.Category): View.Category {
  const nameEn = toText(raw.name_en);
  return {
    category_id: toId(raw.category_id) ?? 0,
    name: toText(raw.name),
    name_en: nameEn,
    name_key: categoryKey(nameEn),
  };
}

/** listCategories' data: the categories, whatever else came. */
export function toCategoryList(raw: unknown): View.Category[] {
  return recordsOf<Raw.Category>(raw).map((category) => toCategory(category));
}

export function toProductCard(raw: Raw.ProductCard): View.ProductCard {
  const goods: Partial<Raw.CardGoods> = isRecord(raw.goods) ? raw.goods : {};
  const id = toId(raw.id);
  const productId = toId(raw.product_id) ?? 0;
  const merId = toId(raw.mer_id) ?? 0;
  return {
    key: id !== undefined ? `listing:${id}` : `${merId}/${productId}`,
    id,
    product_id: productId,
    mer_id: merId,
    title: toText(goods.title),
    image: toText(goods.image),
    sales_price: toMoney(goods.sales_price),
    market_price: toMoneyText(goods.market_price),
    sales: toCount(raw.sales) ?? toCount(goods.real_sales),
    click: toCount(raw.click),
  };
}

export function toProductCardList(raw: Partial<Raw.ProductCardList> | undefined): View.ProductCardList {
  return {
    count: toCount(raw?.count),
    list: recordsOf<Raw.ProductCard>(raw?.list).map((card) => toProductCard(card)),
  };
}

export function toProductSearchResult(raw: Raw.ProductSearchResult): View.ProductSearchResult {
  return {
    total: toCount(raw.total),
    list: recordsOf<Raw.ProductCard>(raw.list).map((card) => toProductCard(card)),
    // An extension: a family backend sends none, and anything but text is left out.
    corrections: listOf(raw.corrections).filter(
      (text): text is string => typeof text === 'string' && text.trim() !== '',
    ),
  };
}

type RawShop = Partial<Raw.ShopCard> & Pick<Raw.ShopCard, 'mer_name' | 'mer_avatar'>;

export function toShopCard(raw: RawShop, merId?: number): View.ShopCard {
  return {
    mer_id: toId(raw.mer_id) ?? merId ?? 0,
    mer_name: toText(raw.mer_name),
    mer_avatar: toText(raw.mer_avatar),
    fans: toCount(raw.follow_count),
    favorable_rate: toDecimalNumber(raw.good_rate),
    total_sales: toMoneyText(raw.total_price),
    sales: toCount(raw.sales),
  };
}

export function toShopCardList(raw: Raw.ShopCardList): View.ShopCardList {
  return { count: toCount(raw.count), list: recordsOf<RawShop>(raw.list).map((shop) => toShopCard(shop)) };
}

export function toShopSearchResult(raw: Raw.ShopSearchResult): View.ShopSearchResult {
  return { total: toCount(raw.total), list: recordsOf<RawShop>(raw.list).map((shop) => toShopCard(shop)) };
}

/** A shop page; the shop id comes from the request when the backend leaves it out. */
export function toShopDetail(raw: Raw.ShopDetail, merId: number): View.ShopDetail {
  return {
    ...toShopCard(raw, merId),
    is_follow: toFlag(raw.is_follow),
    banner: toUrlList(raw.banner),
    product_list: toProductCardList(isRecord(raw.product_list) ? raw.product_list : undefined),
  };
}

export function toReview(raw: Raw.Review): View.Review {
  return {
    avatar: toText(raw.avatar),
    nickname: toText(raw.nickname),
    product_score: toDecimalNumber(raw.product_score),
    comment: toText(raw.comment),
    pics: toUrlList(raw.pics),
    createtime: toMoment(raw.createtime),
  };
}

function toSpecList(value: unknown): Raw.SpecGroup[] {
  return listOf(value).flatMap((group) =>
    isRecord(group)
      ? [
          {
            name: toText(group.name),
            child: (typeof group.child === 'string' ? group.child.split(',') : listOf(group.child))
              .map((child) => toText(child).trim())
              .filter(Boolean),
          },
        ]
      : [],
  );
}

export function toProductDetail(raw: Raw.ProductDetail): View.ProductDetail {
  const goods: Partial<Raw.ProductGoods> = isRecord(raw.goods) ? raw.goods : {};
  const image = toText(goods.image);
  const images = toUrlList(goods.images);
  const merId = toId(raw.mer_id) ?? 0;
  return {
    id: toId(raw.id),
    product_id: toId(raw.product_id) ?? 0,
    mer_id: merId,
    is_like: toFlag(raw.is_like),
    sales: toCount(raw.sales),
    goods: {
      title: toText(goods.title),
      sales_price: toMoney(goods.sales_price),
      market_price: toMoneyText(goods.market_price),
      stock: toCount(goods.stock),
      image,
      images: images.length > 0 ? images : image ? [image] : [],
      content: toText(goods.content),
      specList: toSpecList(goods.specList),
    },
    merchant: toShopCard(isRecord(raw.merchant) ? (raw.merchant as RawShop) : { mer_name: '', mer_avatar: '' }, merId),
    reply_list: recordsOf<Raw.Review>(raw.reply_list).map((review) => toReview(review)),
    other: recordsOf<Raw.ProductCard>(raw.other).map((card) => toProductCard(card)),
  };
}

/** get_shops_kf: the family answers the URL itself ({url} is read too). */
export function toShopService(raw: unknown): View.ShopService {
  return { url: typeof raw === 'string' ? raw.trim() : isRecord(raw) ? toText(raw.url).trim() : '' };
}

// ---- Bag and checkout ------------------------------------------------------------------------------

export function toCartLine(raw: Raw.CartLine): View.CartLine {
  const goods: Partial<Raw.CartGoods> = isRecord(raw.goods) ? raw.goods : {};
  return {
    cart_id: toId(raw.cart_id) ?? 0,
    cart_num: toCount(raw.cart_num) ?? 0,
    spec: toText(raw.spec) || toText(goods.spec),
    total_price: toMoney(raw.total_price),
    mer_id: toId(raw.mer_id),
    mer_name: toOptionalText(raw.mer_name),
    mer_avatar: toOptionalText(raw.mer_avatar),
    product_id: toId(raw.product_id),
    goods: {
      image: toText(goods.image),
      title: toText(goods.title),
      sales_price: toMoney(goods.sales_price),
      stock: toCount(goods.stock),
    },
  };
}

export function toCart(raw: Raw.Cart): View.Cart {
  return { carts: recordsOf<Raw.CartLine>(raw.carts).map((line) => toCartLine(line)) };
}

function toShippingAddress(raw: Raw.PreviewAddress): View.ShippingAddress {
  return {
    address_id: toId(raw.address_id) ?? 0,
    name: toText(raw.name),
    country: toText(raw.country),
    tag: toText(raw.tag),
    mobile: toOptionalText(raw.mobile),
    quhao: toOptionalText(raw.quhao),
    detail: toOptionalText(raw.detail),
    is_default: toOptionalFlag(raw.is_default),
  };
}

function toPreviewLine(raw: Raw.PreviewLine): View.PreviewLine {
  const price = toMoney(raw.sales_price);
  const number = toCount(raw.number) ?? 0;
  return {
    cart_id: toId(raw.cart_id) ?? null,
    product_id: toId(raw.product_id) ?? 0,
    mer_id: toId(raw.mer_id) ?? 0,
    number,
    spec: toText(raw.spec),
    price,
    image: toText(raw.image),
    title: toText(raw.title),
    mer_name: toOptionalText(raw.mer_name),
    mer_avatar: toOptionalText(raw.mer_avatar),
    total_price: toMoneyText(raw.total_price) ?? times(price, number),
  };
}

export function toOrderPreview(raw: Raw.OrderPreview): View.OrderPreview {
  const product = recordsOf<Raw.PreviewLine>(raw.product).map((line) => toPreviewLine(line));
  const delivery = toMoney(raw.delivery);
  const goodsPrice = toMoneyText(raw.goods_price) ?? sum(product.map((line) => line.total_price));
  const discount = toMoneyText(raw.discount);
  const address = isRecord(raw.address) ? toShippingAddress(raw.address as Raw.PreviewAddress) : null;
  return {
    product,
    delivery,
    address: address && address.address_id > 0 ? address : null,
    chu_id: raw.chu_id ?? undefined,
    total_num: toCount(raw.total_num) ?? product.reduce((total, line) => total + line.number, 0),
    goods_price: goodsPrice,
    discount,
    total_price:
      toMoneyText(raw.total_price) ??
      fromCents((toCents(goodsPrice) ?? 0n) + (toCents(delivery) ?? 0n) - (toCents(discount) ?? 0n)),
  };
}

// ---- Orders ----------------------------------------------------------------------------------------

export function toOrderListItem(raw: Raw.OrderListItem): View.OrderListItem {
  return {
    order_id: toId(raw.order_id) ?? 0,
    order_sn: toText(raw.order_sn),
    status: oneOf(raw.status, ORDER_STATUSES) ?? raw.status,
    refund_status: oneOf(raw.refund_status, REFUND_STATUSES) ?? 0,
    total_num: toCount(raw.total_num) ?? 0,
    total_price: toMoney(raw.total_price),
    product: listOf(raw.product).flatMap((thumb) =>
      isRecord(thumb) ? [{ image: toText(thumb.image), title: toText(thumb.title) }] : [],
    ),
    expires_in: toCount(raw.expires_in),
    expired: toFlag(raw.expired) === 1,
  };
}

export function toOrderList(raw: Raw.OrderList): View.OrderList {
  return {
    count: toCount(raw.count),
    list: recordsOf<Raw.OrderListItem>(raw.list).map((order) => toOrderListItem(order)),
  };
}

function toOrderLine(raw: Raw.OrderLine): View.OrderLine {
  return {
    order_product_id: toId(raw.order_product_id) ?? 0,
    product_id: toId(raw.product_id) ?? 0,
    image: toText(raw.image),
    title: toText(raw.title),
    spec: toText(raw.spec),
    product_num: toCount(raw.product_num) ?? 0,
    product_price: toMoney(raw.product_price),
    total_price: toMoney(raw.total_price),
    is_reply: toFlag(raw.is_reply),
  };
}

/** Newest first (the contract's order), whatever order the events came in; undated ones last. */
function newestFirst(events: View.DeliveryEvent[]): View.DeliveryEvent[] {
  const value = (event: View.DeliveryEvent) => {
    const ms = momentValue(event.updatetime);
    return Number.isFinite(ms) ? ms : Number.NEGATIVE_INFINITY;
  };
  return [...events].sort((a, b) => value(b) - value(a));
}

export function toOrderDetail(raw: Raw.OrderDetail): View.OrderDetail {
  const refund = isRecord(raw.refund) ? (raw.refund as Raw.OrderRefund) : undefined;
  const deliveryId = raw.delivery_id === 0 || raw.delivery_id === '0' ? undefined : toOptionalText(raw.delivery_id);
  return {
    order_id: toId(raw.order_id) ?? 0,
    order_sn: toText(raw.order_sn),
    mer_id: toId(raw.mer_id),
    status: oneOf(raw.status, ORDER_STATUSES) ?? raw.status,
    refund_status: oneOf(raw.refund_status, REFUND_STATUSES) ?? 0,
    total_price: toMoney(raw.total_price),
    freight: toMoneyText(raw.freight),
    user_address: toText(raw.user_address),
    real_name: toText(raw.real_name),
    user_phone: toText(raw.user_phone),
    createtime: toMoment(raw.createtime),
    delivery: newestFirst(
      listOf(raw.delivery).flatMap((event) =>
        isRecord(event)
          ? [
              {
                delivery_no: toText(event.delivery_no),
                mark: toText(event.mark),
                updatetime: toMoment(event.updatetime),
              },
            ]
          : [],
      ),
    ),
    products: recordsOf<Raw.OrderLine>(raw.products).map((line) => toOrderLine(line)),
    discount: toMoneyText(raw.discount),
    refund: refund
      ? {
          amount: toMoney(refund.amount),
          status: oneOf(refund.status, AUDIT_STATUSES) ?? 0,
          admin_msg: toText(refund.admin_msg),
          createtime: toMoment(refund.createtime),
        }
      : raw.refund === null
        ? null
        : undefined,
    delivery_id: deliveryId,
    expires_in: toCount(raw.expires_in),
    expired: toFlag(raw.expired) === 1,
  };
}

// ---- Wallet ----------------------------------------------------------------------------------------

const BILL_KINDS: readonly View.BillKind[] = ['recharge', 'extract', 'pay', 'refund'];

/**
 * A page of ledger or audit records: the count when sent, and each row keyed by its id, or by its page
 * and place where a backend sends no id.
 */
function recordPage<R extends { id?: unknown }, V>(
  raw: { count?: unknown; list?: unknown },
  page: number | undefined,
  row: (record: R) => V,
): { count: number | undefined; list: (V & { key: string; id: number | undefined })[] } {
  return {
    count: toCount(raw.count),
    list: recordsOf(raw.list).map((item, index) => {
      const record = item as R;
      const id = toId(record.id);
      return { ...row(record), key: rowKey(id, page, index), id };
    }),
  };
}

export function toBillList(raw: Raw.BillList, page?: number): View.BillList {
  return recordPage(raw, page, (bill: Raw.Bill) => {
    const type = toText(bill.type).trim().toLowerCase();
    return {
      title: toText(bill.title),
      createtime: toMoment(bill.createtime),
      type: BILL_KINDS.find((kind) => kind === type),
      money: toMoney(bill.money),
    };
  });
}

export function toRechargeList(raw: Raw.RechargeList, page?: number): View.RechargeList {
  return recordPage(raw, page, (recharge: Raw.Recharge) => {
    const type = toOptionalFlag(recharge.type);
    return {
      network: toText(recharge.network),
      price: toMoney(recharge.price),
      status: oneOf(recharge.status, AUDIT_STATUSES),
      admin_msg: toText(recharge.admin_msg),
      createtime: toMoment(recharge.createtime),
      method: type === 1 ? ('chain' as const) : type === 0 ? ('manual' as const) : undefined,
    };
  });
}

export function toExtractList(raw: Raw.ExtractList, page?: number): View.ExtractList {
  return recordPage(raw, page, (extract: Raw.Extract) => ({
    mark: toOptionalText(extract.mark),
    extract_type: toOptionalFlag(extract.extract_type),
    extract_price: toMoney(extract.extract_price),
    fee: toMoney(extract.fee),
    real_price: toMoney(extract.real_price),
    status: oneOf(extract.status, AUDIT_STATUSES),
    admin_msg: toText(extract.admin_msg),
    createtime: toMoment(extract.createtime),
  }));
}

// ---- Account ---------------------------------------------------------------------------------------

/**
 * The address book's page as the contract has it (the screens read its shape): its records only, at
 * most MAX_LIST_ITEMS; a list that did not come stays missing (the list shows its error state).
 */
export function toAddressList(raw: Raw.AddressList): Raw.AddressList {
  return Array.isArray(raw.list) ? { ...raw, list: recordsOf<Raw.Address>(raw.list) } : raw;
}

function toUserLanguage(raw: unknown): View.UserLanguageView | null {
  if (!isRecord(raw) || !isLocaleKey(raw.file_name)) return null;
  const known = builtInLanguages[raw.file_name];
  return {
    language_name: toOptionalText(raw.language_name) ?? known.language_name,
    chinese_name: toOptionalText(raw.chinese_name) ?? known.chinese_name,
    file_name: raw.file_name,
  };
}

export function toUserInfo(raw: Raw.UserInfo): View.UserInfo {
  return {
    id: toId(raw.id),
    username: toText(raw.username),
    nickname: toOptionalText(raw.nickname),
    avatar: toText(raw.avatar),
    email: toText(raw.email),
    mobile: toOptionalText(raw.mobile),
    quhao: toOptionalText(raw.quhao),
    money: toMoney(raw.money),
    order_unpaid: toCount(raw.order_unpaid),
    order_undelivered: toCount(raw.order_undelivered),
    order_unreceived: toCount(raw.order_unreceived),
    order_after_sale: toCount(raw.order_after_sale),
    have_pay: toFlag(raw.have_pay),
    passkeys: toCount(raw.passkeys),
    lang: toUserLanguage(raw.lang),
  };
}

// ---- Envelopes -------------------------------------------------------------------------------------

/** The data of an envelope that succeeded. */
type SuccessData<R> = Extract<R, { code: 1 }> extends { data: infer D } ? D : never;

/**
 * Maps the data of a successful envelope (the request layer resolves code 1 only; a failure envelope
 * passes through unchanged, as the types allow it).
 */
export function mapEnvelope<R extends { code: number; msg: string; data: unknown }, T>(
  raw: R,
  map: (data: SuccessData<R>) => T,
): View.ViewEnvelope<T> {
  if (raw.code !== 1) return { code: 0, msg: raw.msg, data: null };
  return { code: 1, msg: raw.msg, data: map(raw.data as SuccessData<R>) };
}
