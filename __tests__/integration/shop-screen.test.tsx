import { screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { setApiOrigin } from '../../src/shared/config/env';
import zh from '../../translations/zh-CN.json';
import { clearCookies, clearLiveRegions, closeToasts, findAnnouncement } from '../support/dom';
import { flatPage, flatShop, type Card, type ServerCard, type ServerShop, type Shop } from '../support/catalog';
import { renderApp } from '../support/render-app';
import { registerShopper, serverLogin, startServer, type ReferenceServer } from '../support/server';

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
/** A shop page as the server sends it (the backend family's shape). */
interface ServerShopDetail extends ServerShop {
  is_follow: 0 | 1;
  /** Banner image URLs, comma-separated. */
  banner: string;
  product_list: { count: number; list: ServerCard[] };
}
/** The same, read as the shopper sees it. */
interface ShopPage extends Shop {
  is_follow: 0 | 1;
  banner: string[];
  product_list: { count: number; list: Card[] };
}

/** Shop 1 of the seed sells 8 products in two categories; the screen shows 6 a page. */
const SHOP = '/shop/1';

async function shopOf(query = '', token?: string): Promise<ShopPage> {
  const res = await server.call<Envelope<ServerShopDetail>>(`/api/merchant/detail?mer_id=1&page=1&limit=50${query}`, {
    token,
  });
  expect(res.body.code).toBe(1);
  const shop = res.body.data;
  return {
    ...flatShop(shop),
    is_follow: shop.is_follow,
    banner: shop.banner.split(',').filter(Boolean),
    product_list: flatPage(shop.product_list),
  };
}

let shoppers = 0;
async function freshShopper(): Promise<string> {
  shoppers += 1;
  const username = `shop_${shoppers}`;
  return registerShopper(server, username, { nickname: `Shop ${shoppers}` });
}

function productTitles() {
  return within(screen.getByRole('list', { name: 'Products' }))
    .queryAllByRole('link')
    .map((link) => link.querySelector('.product-card__title')?.textContent);
}

const money = (value: string) => `$${Number(value).toLocaleString('en', { minimumFractionDigits: 2 })}`;

describe('ShopScreen', () => {
  it('shows the shop to a visitor: banner, name, figures, Follow, customer service, products with load more', async () => {
    const shop = await shopOf();
    const app = await renderApp(SHOP);
    const header = await screen.findByRole('region', { name: shop.mer_name });
    expect(screen.getByRole('heading', { level: 1, name: shop.mer_name })).toBeInTheDocument();
    expect(header.querySelector('.shop-header__banner img')).toHaveAttribute('src', shop.banner[0]);
    expect(header.querySelector('.shop-header__avatar')).toHaveAttribute('src', shop.mer_avatar);
    expect(header).toHaveTextContent(`${shop.sales!.toLocaleString('en')} sold`);

    // Figures: followers, favorable rate, total sales (each a term and its value).
    const terms = within(header)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const values = within(header)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(terms).toEqual(['Followers', 'Positive reviews', 'Total sales']);
    expect(values).toEqual([
      shop.fans.toLocaleString('en'),
      `${shop.favorable_rate.toLocaleString('en', { maximumFractionDigits: 2 })}%`,
      money(shop.total_sales!),
    ]);
    expect(within(header).getByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Customer service' })).toBeInTheDocument();

    // Products: 6, then Load more brings the other 2 and the list says it is complete.
    const titles = shop.product_list.list.map((product) => product.title);
    expect(titles).toHaveLength(8);
    await waitFor(() => expect(productTitles()).toEqual(titles.slice(0, 6)));
    await app.user.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(productTitles()).toEqual(titles));
    expect(await screen.findByText('No more')).toBeInTheDocument();
    const first = shop.product_list.list[0]!;
    const link = within(screen.getByRole('list', { name: 'Products' })).getAllByRole('link')[0];
    expect(link).toHaveAttribute('href', `/detail/${first.product_id}/${first.mer_id}`);
  });

  it('filters the products by category, with an empty state for a category the shop does not sell', async () => {
    const computers = await shopOf('&category_id=1');
    const app = await renderApp(SHOP);
    const filter = within(await screen.findByRole('group', { name: 'Categories' }));
    const all = await filter.findByRole('button', { name: 'All' });
    expect(all).toHaveAttribute('aria-pressed', 'true');

    await app.user.click(await filter.findByRole('button', { name: 'Computers' }));
    expect(filter.getByRole('button', { name: 'Computers' })).toHaveAttribute('aria-pressed', 'true');
    expect(all).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(productTitles()).toEqual(computers.product_list.list.map((product) => product.title)));

    await app.user.click(filter.getByRole('button', { name: 'Outdoors' }));
    expect(await screen.findByText('No products in this category')).toBeInTheDocument();

    await app.user.click(all);
    await waitFor(() => expect(productTitles()).toHaveLength(6));
  });

  it('follows and unfollows; the state and followers survive a reload', async () => {
    const token = await freshShopper();
    const shop = await shopOf();
    const first = await renderApp(SHOP, { token });
    const header = await screen.findByRole('region', { name: shop.mer_name });
    await first.user.click(within(header).getByRole('button', { name: 'Follow' }));
    await findAnnouncement('Follow Success');
    expect(await within(header).findByRole('button', { name: 'Following' })).toBeInTheDocument();
    await waitFor(() =>
      expect(within(header).getAllByRole('definition')[0]).toHaveTextContent((shop.fans + 1).toLocaleString('en')),
    );
    expect((await shopOf('', token)).is_follow).toBe(1);
    first.unmount();

    const second = await renderApp(SHOP, { token });
    const again = await screen.findByRole('region', { name: shop.mer_name });
    const following = await within(again).findByRole('button', { name: 'Following' });
    await second.user.click(following);
    await findAnnouncement('Unfollowed');
    expect(await within(again).findByRole('button', { name: 'Follow' })).toBeInTheDocument();
    await waitFor(() =>
      expect(within(again).getAllByRole('definition')[0]).toHaveTextContent(shop.fans.toLocaleString('en')),
    );
    expect((await shopOf('', token)).is_follow).toBe(0);
  });

  it('sends a visitor who taps Follow to log in first', async () => {
    const app = await renderApp(SHOP);
    const header = await screen.findByRole('region', { name: (await shopOf()).mer_name });
    await app.user.click(within(header).getByRole('button', { name: 'Follow' }));
    await findAnnouncement('Please login first');
    await waitFor(() => expect(app.pathname()).toBe('/login'));
    expect(app.locationState()).toEqual({ from: SHOP });
  });

  it("opens the shop's customer service", async () => {
    const token = await serverLogin(server);
    const app = await renderApp(SHOP, { token });
    await app.user.click(await screen.findByRole('button', { name: 'Customer service' }));
    await waitFor(() => expect(app.pathname()).toBe('/services'));
    // get_shops_kf answers the URL itself (the backend family's form).
    const service = await server.call<Envelope<string>>('/api/user/get_shops_kf?pid=1', { token });
    await waitFor(() =>
      expect(document.querySelector('iframe')).toHaveAttribute('src', new URL(service.body.data).href),
    );
  });

  it('says a shop is not found, for an unknown or malformed id, in the shopper’s language', async () => {
    for (const path of ['/shop/999', '/shop/abc', '/shop']) {
      const app = await renderApp(path);
      const page = within(await screen.findByRole('main'));
      expect(await page.findByText('Shop not found')).toBeInTheDocument();
      expect(page.getByText('This shop does not exist or has closed.')).toBeInTheDocument();
      expect(page.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/home');
      app.unmount();
    }
    Cookies.set(
      'language',
      JSON.stringify({ language_name: '简体中文', chinese_name: '简体中文', file_name: 'zh-CN' }),
    );
    await renderApp('/shop/999');
    expect(await within(await screen.findByRole('main')).findByText(zh['catalog.shop.notFound'])).toBeInTheDocument();
  });
});
