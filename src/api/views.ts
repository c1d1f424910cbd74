/**
 * The SPA's own view of what the backend sends (CONVENTIONS.md "State and API"; BACKEND-FAMILY.md).
 * The contract describes the backend family's shapes (nested product cards, follow_count, comma
 * strings of images, display-text dates...); screens read these types instead, filled in one place
 * (mapping.ts, wired in enhance.ts), so no screen ever branches on which backend answered.
 *
 * Rules of the mapping: money is a 2-decimal text ("12.50"); counts are numbers; image lists are
 * arrays of URLs; dates are Moments (shared/lib/dates). A field the backend may leave out (an
 * extension of ours, or a figure the family sends only in some answers) is optional here and stays
 * undefined when it did not come: a screen hides what it does not have, it never shows a made-up value.
 */
import type { Moment } from '../shared/lib/dates';
import type {
  AuditStatus,
  FailureEnvelope,
  OrderStatus,
  RefundStatus,
  SpecGroup,
  UserLanguage,
} from './generated/shop-api';

export type { Moment } from '../shared/lib/dates';

/** An amount: a decimal text with exactly 2 decimals, e.g. "1000.00" (negative in the ledger). */
export type Money = string;

/** What a mapped endpoint resolves with: the envelope, with its data in the SPA's view. */
export type ViewEnvelope<T> = { code: 1; msg: string; data: T } | FailureEnvelope;

// ---- Catalog ---------------------------------------------------------------------------------------

/** A category; `name_key` is its translation key (catalog.category.<name_key>), e.g. mens_clothing. */
export interface Category {
  category_id: number;
  /** Name as stored by the backend: shown when the key has no translation. */
  name: string;
  /** The backend's key as sent ("Men's clothing"). */
  name_en: string;
  /** name_en as a translation id part: lower case, apostrophes dropped, spaces as underscores. */
  name_key: string;
}

/** A product as every list shows it (flat: the family nests title, image and prices in goods). */
export interface ProductCard {
  /** A key unique in a list: the listing id when sent, else shop and product. */
  key: string;
  /** The shop's listing id, when the backend sends it. */
  id?: number;
  product_id: number;
  mer_id: number;
  title: string;
  image: string;
  sales_price: Money;
  /** The former price, struck through when above the price. */
  market_price?: Money;
  /** Units sold (sales, else goods.real_sales). */
  sales?: number;
  /** How often the product page was opened. */
  click?: number;
}

export interface ProductCardList {
  count?: number;
  list: ProductCard[];
}

export interface ProductSearchResult {
  total?: number;
  list: ProductCard[];
  /** 'Did you mean': corrected whole queries that find products, closest first (ours; empty when absent). */
  corrections: string[];
}

/** A shop with the figures of SPEC.md section 3, those the backend sent. */
export interface ShopCard {
  mer_id: number;
  mer_name: string;
  mer_avatar: string;
  /** Followers (follow_count). */
  fans?: number;
  /** Share of good reviews in percent, e.g. 98.5 (good_rate). */
  favorable_rate?: number;
  /** Turnover (total_price). */
  total_sales?: Money;
  /** Units sold by the shop. */
  sales?: number;
}

export interface ShopCardList {
  count?: number;
  list: ShopCard[];
}

export interface ShopSearchResult {
  total?: number;
  list: ShopCard[];
}

export interface ShopDetail extends ShopCard {
  is_follow: 0 | 1;
  /** Banner image URLs. */
  banner: string[];
  product_list: ProductCardList;
}

export interface Review {
  avatar: string;
  nickname: string;
  /** The product rating (1-5), when the backend sends it. */
  product_score?: number;
  comment: string;
  /** Photo URLs. */
  pics: string[];
  createtime?: Moment;
}

export interface ProductGoods {
  title: string;
  sales_price: Money;
  market_price?: Money;
  /** Units in stock; undefined when not sent (then nothing caps the quantity here: the server does). */
  stock?: number;
  image: string;
  /** Gallery image URLs (at least the main image). */
  images: string[];
  /** Description as HTML (sanitized where shown). */
  content: string;
  specList: SpecGroup[];
}

export interface ProductDetail {
  /** The shop's listing id (sent back by addToCart and buy now). */
  id?: number;
  product_id: number;
  mer_id: number;
  is_like: 0 | 1;
  sales?: number;
  goods: ProductGoods;
  merchant: ShopCard;
  reply_list: Review[];
  other: ProductCard[];
}

/** A shop's customer service. */
export interface ShopService {
  url: string;
}

// ---- Bag and checkout ------------------------------------------------------------------------------

export interface CartGoods {
  image: string;
  title: string;
  sales_price: Money;
  /** Units in stock, when the backend sends it (the bag caps the quantity with it). */
  stock?: number;
}

export interface CartLine {
  cart_id: number;
  cart_num: number;
  /** The chosen values as the shopper sees them, e.g. "Red|XL" (the line's spec, else goods.spec). */
  spec: string;
  total_price: Money;
  /** The shop, when the backend sends it: the bag groups by it (without it, one group). */
  mer_id?: number;
  mer_name?: string;
  mer_avatar?: string;
  /** The catalogue product, when sent: the line links to its page. */
  product_id?: number;
  goods: CartGoods;
}

export interface Cart {
  carts: CartLine[];
}

export interface PreviewLine {
  cart_id: number | null;
  product_id: number;
  mer_id: number;
  number: number;
  spec: string;
  /** Unit price (sales_price). */
  price: Money;
  image: string;
  title: string;
  mer_name?: string;
  mer_avatar?: string;
  /** price x number: the backend's, else computed exactly from them. */
  total_price: Money;
}

/** A shipping address as checkout shows it (previewOrder's, or one picked in the address list). */
export interface ShippingAddress {
  address_id: number;
  name: string;
  country: string;
  tag: string;
  mobile?: string;
  quhao?: string;
  detail?: string;
  is_default?: 0 | 1;
}

/**
 * A priced checkout. The sums the family does not send (total_num, goods_price, total_price) are
 * added up here from the server's lines and freight, exactly, for display: what is charged is what
 * submitOrder answers (DESIGN.md section 3.4).
 */
export interface OrderPreview {
  product: PreviewLine[];
  delivery: Money;
  address: ShippingAddress | null;
  chu_id?: number | string;
  total_num: number;
  goods_price: Money;
  /** The promo discount, when the backend priced one. */
  discount?: Money;
  total_price: Money;
}

// ---- Orders ----------------------------------------------------------------------------------------

export interface OrderProductThumb {
  image: string;
  title: string;
}

export interface OrderListItem {
  order_id: number;
  order_sn: string;
  status: OrderStatus;
  refund_status: RefundStatus;
  total_num: number;
  total_price: Money;
  product: OrderProductThumb[];
  /** While unpaid, the seconds left to pay when the answer was read (an extension; undefined without it). */
  expires_in?: number;
  /** Cancelled because it was not paid in time (an extension). */
  expired: boolean;
}

export interface OrderList {
  count?: number;
  list: OrderListItem[];
}

export interface DeliveryEvent {
  delivery_no: string;
  mark: string;
  updatetime?: Moment;
}

export interface OrderLine {
  order_product_id: number;
  product_id: number;
  image: string;
  title: string;
  spec: string;
  product_num: number;
  product_price: Money;
  total_price: Money;
  is_reply: 0 | 1;
}

export interface OrderRefund {
  amount: Money;
  status: AuditStatus;
  admin_msg: string;
  createtime?: Moment;
}

export interface OrderDetail {
  order_id: number;
  order_sn: string;
  mer_id?: number;
  status: OrderStatus;
  refund_status: RefundStatus;
  total_price: Money;
  freight?: Money;
  user_address: string;
  real_name: string;
  user_phone: string;
  createtime?: Moment;
  /** Logistics events, newest first. */
  delivery: DeliveryEvent[];
  products: OrderLine[];
  discount?: Money;
  refund?: OrderRefund | null;
  /** The waybill (tracking) number the order left with; undefined before shipping. */
  delivery_id?: string;
  /** While unpaid, the seconds left to pay when the answer was read (an extension; undefined without it). */
  expires_in?: number;
  /** Cancelled because it was not paid in time (an extension). */
  expired: boolean;
}

// ---- Wallet ----------------------------------------------------------------------------------------

/** The ledger's entry types the SPA names (others show without a type badge). */
export type BillKind = 'recharge' | 'extract' | 'pay' | 'refund';

export interface Bill {
  /** A key unique in the list: the entry id when sent, else its page and position. */
  key: string;
  id?: number;
  title: string;
  createtime?: Moment;
  /** The entry type, when it is one the SPA names. */
  type?: BillKind;
  /** Signed change of the balance. */
  money: Money;
}

export interface BillList {
  count?: number;
  list: Bill[];
}

/** How a top-up was declared (recharge_type): on chain (1) or as a manual transfer (0). */
export type RechargeMethod = 'chain' | 'manual';

export interface Recharge {
  key: string;
  id?: number;
  network: string;
  price: Money;
  status?: AuditStatus;
  admin_msg: string;
  createtime?: Moment;
  method?: RechargeMethod;
}

export interface RechargeList {
  count?: number;
  list: Recharge[];
}

export interface Extract {
  key: string;
  id?: number;
  /** The record's title line as the backend words it (mark), e.g. 'Bank card withdrawal ****3445'. */
  mark?: string;
  extract_type?: 0 | 1;
  extract_price: Money;
  fee: Money;
  real_price: Money;
  status?: AuditStatus;
  admin_msg: string;
  createtime?: Moment;
}

export interface ExtractList {
  count?: number;
  list: Extract[];
}

// ---- Account ---------------------------------------------------------------------------------------

/** The user's saved language; chinese_name comes from the SPA's own list when the backend leaves it out. */
export type UserLanguageView = Required<UserLanguage>;

export interface UserInfo {
  id?: number;
  username: string;
  /** Display name; screens show the username without it. */
  nickname?: string;
  avatar: string;
  email: string;
  mobile?: string;
  quhao?: string;
  money: Money;
  order_unpaid?: number;
  order_undelivered?: number;
  order_unreceived?: number;
  order_after_sale?: number;
  have_pay: 0 | 1;
  /** How many passkeys the account has; undefined when the backend has no passkeys (an extension). */
  passkeys?: number;
  lang: UserLanguageView | null;
}
