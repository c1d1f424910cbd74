/**
 * Catalog answers as the reference server sends them (the backend family's shapes, BACKEND-FAMILY.md:
 * product cards nest what they show in goods, shop cards say follow_count / good_rate / total_price),
 * and the same read flat, as tests compare them with what a card shows.
 */

/** The backend family's ten category keys (BACKEND-FAMILY.md, Catalog), spelled exactly, in order. */
export const FAMILY_CATEGORY_KEYS = [
  'computer',
  'electrical equipment',
  'outdoors',
  'family life',
  'health',
  "Men's clothing",
  "Women's clothing",
  'food',
  'mobile phone',
  'Toys',
];

/** The same ten categories as the SPA names them in English (translations/en.json). */
export const CATEGORY_NAMES_EN = [
  'Computers',
  'Electrical appliances',
  'Outdoors',
  'Home & living',
  'Health',
  "Men's clothing",
  "Women's clothing",
  'Food',
  'Mobile phones',
  'Toys',
];

/** A product card as the server sends it. */
export interface ServerCard {
  id?: number;
  product_id: number;
  mer_id: number;
  sales: number;
  click: number;
  goods: { image: string; title: string; sales_price: string; market_price: string; real_sales: number };
}

/** A shop card as the server sends it (sales: our extension). */
export interface ServerShop {
  mer_id: number;
  mer_name: string;
  mer_avatar: string;
  follow_count: number;
  good_rate: number | string;
  total_price?: string;
  sales?: number;
}

/** What a product card shows. */
export interface Card {
  product_id: number;
  mer_id: number;
  title: string;
  image: string;
  sales_price: string;
  market_price: string;
  sales: number;
}

/** What a shop card shows. */
export interface Shop {
  mer_id: number;
  mer_name: string;
  mer_avatar: string;
  fans: number;
  favorable_rate: number;
  total_sales?: string;
  sales?: number;
}

export function flatCard(card: ServerCard): Card {
  const { goods } = card;
  return {
    product_id: card.product_id,
    mer_id: card.mer_id,
    title: goods.title,
    image: goods.image,
    sales_price: goods.sales_price,
    market_price: goods.market_price,
    sales: card.sales,
  };
}

export function flatShop(shop: ServerShop): Shop {
  return {
    mer_id: shop.mer_id,
    mer_name: shop.mer_name,
    mer_avatar: shop.mer_avatar,
    fans: shop.follow_count,
    favorable_rate: Number(shop.good_rate),
    total_sales: shop.total_price,
    sales: shop.sales,
  };
}

/** A page of a list with its cards read flat. */
export function flatPage<P extends { list: ServerCard[] }>(page: P): Omit<P, 'list'> & { list: Card[] } {
  return { ...page, list: page.list.map(flatCard) };
}

/** A page of a list with its shops read flat. */
export function flatShops<P extends { list: ServerShop[] }>(page: P): Omit<P, 'list'> & { list: Shop[] } {
  return { ...page, list: page.list.map(flatShop) };
}

/** A product card in the family's shape, for stand-ins. */
export function familyCard(fields: {
  product_id: number;
  mer_id?: number;
  title: string;
  sales?: number;
  sales_price?: string;
  market_price?: string;
}): ServerCard {
  const sales = fields.sales ?? 5;
  return {
    product_id: fields.product_id,
    mer_id: fields.mer_id ?? 1,
    sales,
    click: 0,
    goods: {
      image: 'http://127.0.0.1:1/p.svg',
      title: fields.title,
      sales_price: fields.sales_price ?? '10.00',
      market_price: fields.market_price ?? '12.00',
      real_sales: sales,
    },
  };
}
