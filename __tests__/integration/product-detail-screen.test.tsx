import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { setApiOrigin } from '../../src/shared/config/env';
import { formatDateTime, toMoment, type Moment } from '../../src/shared/lib/dates';
import zh from '../../translations/zh-CN.json';
import { clearCookies, clearLiveRegions, closeToasts, findAnnouncement } from '../support/dom';
import { renderApp } from '../support/render-app';
import { registerShopper, startServer, type ReferenceServer } from '../support/server';

let server: ReferenceServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());
beforeEach(() => {
  setApiOrigin(server.baseUrl);
  clearCookies();
  clearLiveRegions();
});
afterEach(() => closeToasts());

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}
interface Card {
  id: number;
  product_id: number;
  mer_id: number;
  title: string;
}
/** The server's answer (the backend family's shape: comma strings of images, display-text dates). */
interface RawDetail {
  id: number;
  product_id: number;
  mer_id: number;
  is_like: 0 | 1;
  sales: number;
  goods: {
    title: string;
    sales_price: string;
    market_price: string;
    stock: number;
    images: string;
    content: string;
    specList: { name: string; child: string[] }[];
  };
  merchant: { mer_id: number; mer_name: string; follow_count: number };
  reply_list: { nickname: string; product_score: number; comment: string; pics: string; createtime: string | number }[];
  other: Card[];
}
/** The same, read as the shopper sees it: lists of pictures, followers, moments. */
interface Detail extends Omit<RawDetail, 'goods' | 'merchant' | 'reply_list'> {
  goods: Omit<RawDetail['goods'], 'images'> & { images: string[] };
  merchant: { mer_id: number; mer_name: string; fans: number };
  reply_list: (Omit<RawDetail['reply_list'][number], 'pics' | 'createtime'> & { pics: string[]; createtime: Moment })[];
}

const urls = (text: string) => text.split(',').filter(Boolean);
interface CartLine {
  product_id: number;
  mer_id: number;
  spec: string;
  cart_num: number;
}

/** Product 1 of the seed: sold by shop 1, two spec groups, two reviews (the first with a photo). */
const PRODUCT = '/detail/1/1';

async function detailOf(productId = 1, merId = 1, token?: string): Promise<Detail> {
  const res = await server.call<Envelope<RawDetail>>(`/api/product/detail?product_id=${productId}&mer_id=${merId}`, {
    token,
  });
  expect(res.body.code).toBe(1);
  const raw = res.body.data;
  return {
    ...raw,
    goods: { ...raw.goods, images: urls(raw.goods.images) },
    merchant: { ...raw.merchant, fans: raw.merchant.follow_count },
    reply_list: raw.reply_list.map((review) => ({
      ...review,
      pics: urls(review.pics),
      createtime: toMoment(review.createtime)!,
    })),
  };
}

let shoppers = 0;
/** A new shopper (empty bag, no likes), logged in on the server. */
async function freshShopper(): Promise<string> {
  shoppers += 1;
  const username = `detail_${shoppers}`;
  return registerShopper(server, username, { nickname: `Detail ${shoppers}` });
}

async function cartOf(token: string): Promise<CartLine[]> {
  const res = await server.call<Envelope<{ carts: CartLine[] }>>('/api/cart/index', { token });
  expect(res.body.code).toBe(1);
  return res.body.data.carts;
}

const money = (value: string) => `$${Number(value).toLocaleString('en', { minimumFractionDigits: 2 })}`;

async function findTitle(title: string) {
  return screen.findByRole('heading', { level: 2, name: title });
}

describe('ProductDetailScreen', () => {
  it('shows the product to a visitor: pictures, price, stock, sales, options, shop, description, reviews and more', async () => {
    const detail = await detailOf();
    const { goods } = detail;
    const app = await renderApp(PRODUCT);
    await findTitle(goods.title);

    // Price, the former price struck through (it is higher), stock and sales.
    const summary = screen.getByRole('region', { name: goods.title });
    expect(summary).toHaveTextContent(money(goods.sales_price));
    expect(within(summary).getByText(`Was ${money(goods.market_price)}`)).toBeInTheDocument();
    expect(summary).toHaveTextContent(`${goods.stock.toLocaleString('en')} in stock`);
    expect(summary).toHaveTextContent(`${detail.sales.toLocaleString('en')} sold`);

    // Gallery: every picture, each a button that enlarges it in a full-screen dialog with "n / count".
    const gallery = screen.getByRole('region', { name: `Pictures of ${goods.title}` });
    const count = goods.images.length;
    const pictures = within(gallery).getAllByRole('button');
    expect(pictures).toHaveLength(count);
    expect(pictures.map((button) => button.querySelector('img')?.getAttribute('src'))).toEqual(goods.images);
    expect(within(gallery).getByText(`1 / ${count}`)).toBeInTheDocument();
    const second = within(gallery).getByRole('button', { name: `Enlarge picture 2 of ${count}` });
    await app.user.click(second);
    const viewer = await screen.findByRole('dialog', { name: `Pictures of ${goods.title}` });
    expect(within(viewer).getByText(`2 / ${count}`)).toBeInTheDocument();
    expect(within(viewer).getByRole('button', { name: 'Close' })).toHaveFocus();
    fireEvent.click(within(viewer).getByRole('button', { name: 'Next picture' }));
    expect(within(viewer).getByText(`3 / ${count}`)).toBeInTheDocument();
    expect(within(viewer).getByRole('button', { name: 'Next picture' })).toBeDisabled();
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(second).toHaveFocus();

    // Options: one radio group per spec, the first value of each chosen.
    for (const group of goods.specList) {
      const radios = within(screen.getByRole('group', { name: group.name })).getAllByRole('radio');
      expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(group.child);
      expect(radios[0]).toBeChecked();
    }

    // The shop card with its followers, Follow and a link to the shop.
    const shop = screen.getByRole('region', { name: detail.merchant.mer_name });
    expect(shop).toHaveTextContent(`${detail.merchant.fans.toLocaleString('en')} followers`);
    expect(await within(shop).findByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(within(shop).getByRole('link', { name: 'Visit shop' })).toHaveAttribute('href', '/shop/1');

    // The description, sanitized: its text and picture, nothing executable.
    const description = screen.getByRole('region', { name: 'Description' });
    expect(description).toHaveTextContent('Sold and shipped by Northwind Electronics');
    expect(description.querySelector('img')).not.toBeNull();
    expect(document.querySelector('script')).toBeNull();
    expect(description.querySelector('[onerror], [onclick], iframe')).toBeNull();

    // Reviews: name, stars said in words, comment, date in the shopper's language, photos to enlarge.
    const reviews = screen.getByRole('region', { name: `Reviews (${detail.reply_list.length})` });
    const items = within(reviews)
      .getAllByRole('listitem')
      .filter((item) => item.classList.contains('review'));
    expect(items).toHaveLength(detail.reply_list.length);
    detail.reply_list.forEach((review, index) => {
      const item = items[index]!;
      expect(item).toHaveTextContent(review.nickname);
      expect(item).toHaveTextContent(review.comment);
      expect(within(item).getByRole('img', { name: `Rated ${review.product_score} out of 5` })).toBeInTheDocument();
      expect(item).toHaveTextContent(formatDateTime(review.createtime, 'en'));
    });
    const withPhoto = detail.reply_list.findIndex((review) => review.pics.length > 0);
    expect(withPhoto).toBeGreaterThanOrEqual(0);
    const photoOwner = detail.reply_list[withPhoto]!.nickname;
    fireEvent.click(within(items[withPhoto]!).getByRole('button', { name: `Photo 1 of 1 from ${photoOwner}` }));
    const photos = await screen.findByRole('dialog', { name: `Photos from ${photoOwner}` });
    expect(within(photos).getByRole('img')).toHaveAttribute('src', detail.reply_list[withPhoto]!.pics[0]);
    fireEvent.click(within(photos).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // Recommended products link to their pages.
    const other = screen.getByRole('region', { name: 'You may also like' });
    const links = within(other).getAllByRole('link');
    expect(links).toHaveLength(detail.other.length);
    expect(links[0]).toHaveAttribute('href', `/detail/${detail.other[0]!.product_id}/${detail.other[0]!.mer_id}`);

    // The action bar, inside the screen's main landmark like the rest of the product (no content
    // outside a landmark, where landmark navigation would never reach it).
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'Shop' })).toHaveAttribute('href', '/shop/1');
    expect(main.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'false');
    expect(main.getByRole('button', { name: 'Add to bag' })).toBeEnabled();
    expect(main.getByRole('button', { name: 'Buy now' })).toBeEnabled();
  });

  it('chooses one value per spec group and keeps the quantity within 1 and the stock', async () => {
    const { goods } = await detailOf();
    const app = await renderApp(PRODUCT);
    await findTitle(goods.title);

    const colour = within(screen.getByRole('group', { name: 'Color' }));
    await app.user.click(colour.getByRole('radio', { name: 'Space Gray' }));
    expect(colour.getByRole('radio', { name: 'Space Gray' })).toBeChecked();
    expect(colour.getByRole('radio', { name: 'Silver' })).not.toBeChecked();
    // The other group keeps its own choice.
    expect(within(screen.getByRole('group', { name: 'Storage' })).getByRole('radio', { name: '512GB' })).toBeChecked();

    const quantity = screen.getByRole('textbox', { name: 'Quantity' });
    const minus = screen.getByRole('button', { name: 'Decrease quantity' });
    const plus = screen.getByRole('button', { name: 'Increase quantity' });
    expect(quantity).toHaveValue('1');
    expect(minus).toBeDisabled();
    await app.user.click(plus);
    expect(quantity).toHaveValue('2');
    expect(minus).toBeEnabled();

    // Typing more than the stock is clamped to the stock when the field is left; plus is then off.
    await app.user.clear(quantity);
    await app.user.type(quantity, String(goods.stock + 500));
    await app.user.tab();
    expect(quantity).toHaveValue(String(goods.stock));
    expect(plus).toBeDisabled();
    // Zero or nothing becomes 1; letters cannot be typed.
    await app.user.clear(quantity);
    await app.user.type(quantity, '0{Enter}');
    expect(quantity).toHaveValue('1');
    expect(minus).toBeDisabled();
    await app.user.clear(quantity);
    await app.user.type(quantity, 'ab7');
    await app.user.tab();
    expect(quantity).toHaveValue('7');
  });

  it('adds the chosen options and quantity to the bag', async () => {
    const token = await freshShopper();
    const app = await renderApp(PRODUCT, { token });
    const { goods } = await detailOf();
    await findTitle(goods.title);

    await app.user.click(screen.getByRole('radio', { name: 'Space Gray' }));
    await app.user.click(screen.getByRole('radio', { name: '1TB' }));
    await app.user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await app.user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await app.user.click(screen.getByRole('button', { name: 'Add to bag' }));
    await findAnnouncement('Added to your bag');

    const cart = await cartOf(token);
    expect(cart).toEqual([expect.objectContaining({ product_id: 1, mer_id: 1, spec: 'Space Gray|1TB', cart_num: 3 })]);
    expect(app.pathname()).toBe(PRODUCT);
  });

  it('sends a visitor who taps Add to bag to log in, and back to the product afterwards', async () => {
    const { goods } = await detailOf();
    const app = await renderApp(PRODUCT);
    await findTitle(goods.title);
    await app.user.click(screen.getByRole('button', { name: 'Add to bag' }));
    await findAnnouncement('Please login first');
    await waitFor(() => expect(app.pathname()).toBe('/login'));
    expect(app.locationState()).toEqual({ from: PRODUCT });

    await app.user.type(await screen.findByLabelText('Account'), 'demo');
    await app.user.type(screen.getByLabelText('Password'), 'demo123');
    await app.user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(app.pathname()).toBe(PRODUCT));
    expect(await findTitle(goods.title)).toBeInTheDocument();
  });

  it('hands the buy-now selection to checkout through the session, not the URL', async () => {
    const token = await freshShopper();
    const detail = await detailOf();
    const app = await renderApp(PRODUCT, { token });
    await findTitle(detail.goods.title);
    await app.user.click(screen.getByRole('radio', { name: '1TB' }));
    await app.user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await app.user.click(screen.getByRole('button', { name: 'Buy now' }));

    await waitFor(() => expect(app.pathname()).toBe('/checkout'));
    expect(app.store.getState().session.backData.buyNow).toEqual({
      product_id: 1,
      mer_id: 1,
      spec: 'Silver|1TB',
      number: 2,
      id: detail.id,
    });
    // Nothing was put in the bag.
    expect(await cartOf(token)).toEqual([]);
  });

  it('likes and unlikes; the heart shows the server state after a reload', async () => {
    const token = await freshShopper();
    const { goods } = await detailOf();
    const first = await renderApp(PRODUCT, { token });
    await findTitle(goods.title);
    const like = () => screen.getByRole('button', { name: 'Like' });
    expect(like()).toHaveAttribute('aria-pressed', 'false');
    await first.user.click(like());
    // The heart turns on as the shopper sees it (the cache patch renders, then the server's answer
    // and the refetch of the page land): wait for it rather than read it in the same tick.
    await waitFor(() => expect(like()).toHaveAttribute('aria-pressed', 'true'));
    await waitFor(async () => expect((await detailOf(1, 1, token)).is_like).toBe(1));
    // And it is on once the server has it and the page was read again.
    await waitFor(() => expect(like()).toHaveAttribute('aria-pressed', 'true'));
    first.unmount();

    // A fresh app (a reload) with the same token reads the like from the server.
    const second = await renderApp(PRODUCT, { token });
    await findTitle(goods.title);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'true'));
    await second.user.click(screen.getByRole('button', { name: 'Like' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Like' })).toHaveAttribute('aria-pressed', 'false'));
    await waitFor(async () => expect((await detailOf(1, 1, token)).is_like).toBe(0));
  });

  it('follows the shop from the product page', async () => {
    const token = await freshShopper();
    const detail = await detailOf();
    const app = await renderApp(PRODUCT, { token });
    const shop = await screen.findByRole('region', { name: detail.merchant.mer_name });
    await app.user.click(await within(shop).findByRole('button', { name: 'Follow' }));
    await findAnnouncement('Follow Success');
    expect(await within(shop).findByRole('button', { name: 'Following' })).toBeInTheDocument();
    await waitFor(() => expect(shop).toHaveTextContent(`${(detail.merchant.fans + 1).toLocaleString('en')} followers`));
    const followed = await server.call<Envelope<{ list: { mer_id: number }[] }>>('/api/user/follow_list', { token });
    expect(followed.body.data.list.map((item) => item.mer_id)).toEqual([1]);
  });

  it('says a product is not found, for an unknown id, a product of another shop, or a malformed link', async () => {
    for (const path of ['/detail/99999/1', '/detail/1/2', '/detail/abc/1', '/detail']) {
      const app = await renderApp(path);
      const page = within(await screen.findByRole('main'));
      expect(await page.findByText('Product not found')).toBeInTheDocument();
      expect(page.getByText('This product does not exist or is no longer on sale.')).toBeInTheDocument();
      expect(page.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/home');
      expect(screen.queryByRole('button', { name: 'Add to bag' })).not.toBeInTheDocument();
      app.unmount();
    }
  });

  it('speaks the shopper’s language: Chinese labels, not-found text and review dates', async () => {
    Cookies.set(
      'language',
      JSON.stringify({ language_name: '简体中文', chinese_name: '简体中文', file_name: 'zh-CN' }),
    );
    const detail = await detailOf();
    const app = await renderApp(PRODUCT);
    await findTitle(detail.goods.title);
    expect(screen.getByRole('button', { name: zh['catalog.detail.addToBag'] })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: zh['catalog.detail.buyNow'] })).toBeInTheDocument();
    const review = detail.reply_list[0]!;
    expect(screen.getByText(formatDateTime(review.createtime, 'zh-CN'))).toBeInTheDocument();
    app.unmount();

    await renderApp('/detail/99999/1');
    expect(await within(await screen.findByRole('main')).findByText(zh['catalog.detail.notFound'])).toBeInTheDocument();
  });
});
