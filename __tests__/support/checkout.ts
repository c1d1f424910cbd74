import { expectOk, postJson, type Answer, type ReferenceServer } from './server';

export interface BagLineData {
  cart_id: number;
  cart_num: number;
  spec: string;
  mer_id: number;
  product_id: number;
  goods: { title: string; sales_price: string; stock: number };
}

export interface ProductFacts {
  productId: number;
  merId: number;
  id: number;
  title: string;
  price: string;
  stock: number;
  /** The first value of every spec group, joined as the contract wants. */
  spec: string;
  shopName: string;
}

interface DetailData {
  id: number;
  product_id: number;
  mer_id: number;
  goods: { title: string; sales_price: string; stock: number; specList: { name: string; child: string[] }[] };
  merchant: { mer_name: string };
}

/** A product as the catalogue shows it, with a valid spec to buy it in. */
export async function productFacts(server: ReferenceServer, productId: number): Promise<ProductFacts> {
  let card: { product_id: number; mer_id: number } | undefined;
  for (let page = 1; !card && page <= 5; page++) {
    const found = await server.call<Answer<{ list: { product_id: number; mer_id: number }[] }>>(
      `/api/product/search?title=&page=${page}&limit=50`,
    );
    card = expectOk(found.body, 'search').list.find((item) => item.product_id === productId);
  }
  if (!card) throw new Error(`product ${productId} not found by search`);
  const detail = expectOk(
    (await server.call<Answer<DetailData>>(`/api/product/detail?product_id=${productId}&mer_id=${card.mer_id}`)).body,
    'detail',
  );
  return {
    productId,
    merId: detail.mer_id,
    id: detail.id,
    title: detail.goods.title,
    price: detail.goods.sales_price,
    stock: detail.goods.stock,
    spec: detail.goods.specList.map((group) => group.child[0]!).join('|'),
    shopName: detail.merchant.mer_name,
  };
}

/** Puts `num` of a product in the shopper's bag through the API (not the SPA). */
export async function addToBag(server: ReferenceServer, token: string, product: ProductFacts, num = 1): Promise<void> {
  expectOk(
    await postJson(server, '/api/cart/add', token, {
      mer_id: product.merId,
      product_id: product.productId,
      num,
      spec: product.spec,
      id: product.id,
    }),
    'addToCart',
  );
}

/** The bag as the server has it. */
export async function bagOf(server: ReferenceServer, token: string): Promise<BagLineData[]> {
  return expectOk((await server.call<Answer<{ carts: BagLineData[] }>>('/api/cart/index', { token })).body, 'getCart')
    .carts;
}

/** Orders of the shopper at a status, as the server lists them. */
export async function ordersOf(
  server: ReferenceServer,
  token: string,
  status: string,
): Promise<{ order_id: number; status: number; total_price: string }[]> {
  return expectOk(
    (
      await server.call<Answer<{ list: { order_id: number; status: number; total_price: string }[] }>>(
        `/api/user/order_list?status=${status}&page=1&limit=50`,
        { token },
      )
    ).body,
    'order_list',
  ).list;
}

/** Places an order of bag lines through the API; resolves with its payment number, amount and order ids. */
export async function placeOrder(
  server: ReferenceServer,
  token: string,
  cartIds: number[],
  addressId: number,
): Promise<{ out_trade_no: string; total_price: string; order_ids: number[] }> {
  return expectOk(
    await postJson<{ out_trade_no: string; total_price: string; order_ids: number[] }>(
      server,
      '/api/order/merSubmit',
      token,
      { address_id: addressId, cart_ids: cartIds.join(',') },
      { 'Idempotency-Key': crypto.randomUUID() },
    ),
    'merSubmit',
  );
}

/** The shopper's addresses, default first. */
export async function addressesOf(
  server: ReferenceServer,
  token: string,
): Promise<{ address_id: number; name: string; is_default: number; detail: string }[]> {
  return expectOk(
    (
      await server.call<Answer<{ list: { address_id: number; name: string; is_default: number; detail: string }[] }>>(
        '/api/user/address_list?page=1&limit=50',
        { token },
      )
    ).body,
    'address_list',
  ).list;
}

/** Saves an address through the API. */
export async function saveAddress(
  server: ReferenceServer,
  token: string,
  fields: { name: string; detail: string; is_default?: 0 | 1 },
): Promise<void> {
  expectOk(
    await postJson(server, '/api/user/address_add', token, {
      name: fields.name,
      mobile: '2015550144',
      quhao: '1',
      country: 'United States',
      detail: fields.detail,
      tag: 'Office',
      is_default: fields.is_default ?? 0,
    }),
    'address_add',
  );
}
