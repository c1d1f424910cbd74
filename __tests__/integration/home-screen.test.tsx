import { screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { setApiOrigin } from '../../src/shared/config/env';
import tai from '../../translations/tai.json';
import { clearCookies, clearLiveRegions, closeToasts } from '../support/dom';
import { renderApp } from '../support/render-app';
import { startServer, type ReferenceServer } from '../support/server';
import { envelope, startStandIn, type StandInServer } from '../support/stand-in-server';
import { CATEGORY_NAMES_EN } from '../support/catalog';

/** A product card as the server sends it (the backend family's shape: what shows is in goods). */
interface Card {
  product_id: number;
  mer_id: number;
  sales: number;
  goods: { title: string; sales_price: string };
}
/** A shop card as the server sends it (follow_count: the followers; sales: our extension). */
interface Shop {
  mer_id: number;
  mer_name: string;
  follow_count: number;
  sales: number;
}
interface Paged<T> {
  count: number;
  list: T[];
}

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

async function data<T>(path: string): Promise<T> {
  const { body } = await server.call<{ code: number; data: T }>(path);
  expect(body.code).toBe(1);
  return body.data;
}

const categoryKeys = [
  'computer',
  'electrical_equipment',
  'outdoors',
  'family_life',
  'health',
  'mens_clothing',
  'womens_clothing',
  'food',
  'mobile_phone',
  'toys',
];

function section(name: string) {
  return screen.getByRole('region', { name });
}

function recommendedTitles() {
  return within(screen.getByRole('list', { name: 'Recommended for you' }))
    .queryAllByRole('link')
    .map((link) => link.querySelector('.product-card__title')?.textContent);
}

describe('HomeScreen', () => {
  it('shows banners, the ten translated categories, hot products and hot shops, without login', async () => {
    const banners = await data<string[]>('/api/index/banner');
    const hot = await data<Paged<Card>>('/api/index/hot_product?page=1&limit=10');
    const shops = await data<Paged<Shop>>('/api/index/hot_merchant?page=1&limit=8');

    const app = await renderApp('/home');
    expect(await screen.findByRole('heading', { level: 1, name: 'Orbit Market' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/home');
    expect(screen.getByRole('link', { name: 'Search products' })).toHaveAttribute('href', '/search');
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();

    // Banners: every image, with alt text and its size reserved.
    const carousel = await screen.findByRole('region', { name: 'Promotions' });
    const images = await within(carousel).findAllByRole('img');
    expect(images.map((image) => image.getAttribute('src'))).toEqual(banners);
    expect(images[0]).toHaveAccessibleName(`Promotion 1 of ${banners.length}`);
    expect(images[0]).toHaveAttribute('width', '750');
    expect(images[0]).toHaveAttribute('height', '300');

    // Categories: the ten, translated; the first is selected.
    const chips = within(section('Categories'));
    await waitFor(() =>
      expect(chips.getAllByRole('button').map((chip) => chip.textContent)).toEqual(CATEGORY_NAMES_EN),
    );
    expect(chips.getByRole('button', { name: 'Computers' })).toHaveAttribute('aria-pressed', 'true');

    // Hot products: title, price, sales, a link to the detail, a lazy image with reserved space.
    const hotSection = within(section('Hot products'));
    await waitFor(() => expect(hotSection.getAllByRole('link')).toHaveLength(hot.list.length));
    const first = hot.list[0]!;
    const card = hotSection.getAllByRole('link')[0]!;
    expect(card).toHaveAttribute('href', `/detail/${first.product_id}/${first.mer_id}`);
    expect(card).toHaveTextContent(first.goods.title);
    expect(card).toHaveTextContent(`$${first.goods.sales_price}`.replace(/\B(?=(\d{3})+(?!\d))/g, ','));
    expect(card).toHaveTextContent(`${first.sales.toLocaleString('en')} sold`);
    const image = card.querySelector('img')!;
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '600');
    expect(image).toHaveAttribute('height', '600');

    // Hot shops: name, fans, sales, a link to the shop.
    const shopSection = within(section('Popular shops'));
    await waitFor(() => expect(shopSection.getAllByRole('link')).toHaveLength(shops.list.length));
    const shop = shops.list[0]!;
    const shopCard = shopSection.getAllByRole('link')[0]!;
    expect(shopCard).toHaveAttribute('href', `/shop/${shop.mer_id}`);
    expect(shopCard).toHaveTextContent(shop.mer_name);
    expect(shopCard).toHaveTextContent(`${shop.follow_count.toLocaleString('en')} follower`);
    expect(shopCard).toHaveTextContent(`${shop.sales.toLocaleString('en')} sold`);

    // Tapping a product goes to its detail.
    await app.user.click(card);
    await waitFor(() => expect(app.pathname()).toBe(`/detail/${first.product_id}/${first.mer_id}`));
  });

  it('makes the scrolling banner track a named carousel region that Tab reaches after the search link', async () => {
    const banners = await data<string[]>('/api/index/banner');
    expect(banners.length).toBeGreaterThan(1);
    const app = await renderApp('/home');

    // The region is the scrolling element itself (the images are inside it), so a keyboard that
    // focuses it scrolls it with the arrow keys.
    const track = await screen.findByRole('region', { name: 'Promotions' });
    expect(track).toHaveAttribute('aria-roledescription', 'carousel');
    expect(track).toHaveAttribute('tabindex', '0');
    const images = await within(track).findAllByRole('img');
    expect(images).toHaveLength(banners.length);
    expect(within(track).getByRole('list')).toContainElement(images[0]!);

    screen.getByRole('link', { name: 'Search products' }).focus();
    await app.user.tab();
    expect(track).toHaveFocus();
  });

  it('recommends the first category, switches category, and shows the end of a short list', async () => {
    const categories = await data<{ category_id: number; name_en: string }[]>('/api/index/category');
    const computer = categories[0]!;
    // The backend family's key spelling (BACKEND-FAMILY.md): 'Toys', translated as the SPA's toys.
    const toys = categories.find((category) => category.name_en === 'Toys')!;
    const computers = await data<Paged<Card>>(`/api/index/product?category_id=${computer.category_id}&page=1&limit=8`);
    const toyPage = await data<Paged<Card>>(`/api/index/product?category_id=${toys.category_id}&page=1&limit=8`);

    const app = await renderApp('/home');
    const recommended = await screen.findByRole('region', { name: /^Recommended for you/ });
    await waitFor(() => expect(within(recommended).getByRole('heading', { level: 2 })).toHaveTextContent('Computers'));
    await waitFor(() => expect(recommendedTitles()).toEqual(computers.list.map((product) => product.goods.title)));
    const link = within(screen.getByRole('list', { name: 'Recommended for you' })).getAllByRole('link')[0];
    const best = computers.list[0]!;
    expect(link).toHaveAttribute('href', `/detail/${best.product_id}/${best.mer_id}`);
    // The seed has fewer than a page (8) per category: the list says it is complete.
    expect(computers.list.length).toBeLessThan(8);
    expect(await within(recommended).findByText('No more')).toBeInTheDocument();
    expect(within(recommended).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    // Another category: its own products.
    const chips = within(section('Categories'));
    await app.user.click(chips.getByRole('button', { name: 'Toys' }));
    expect(chips.getByRole('button', { name: 'Toys' })).toHaveAttribute('aria-pressed', 'true');
    expect(chips.getByRole('button', { name: 'Computers' })).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(recommendedTitles()).toEqual(toyPage.list.map((product) => product.goods.title)));
    expect(within(recommended).getByRole('heading', { level: 2 })).toHaveTextContent('Toys');
  });

  it('shows the category names and sections in Thai', async () => {
    Cookies.set('language', JSON.stringify({ language_name: 'ไทย', chinese_name: '泰语', file_name: 'tai' }));
    await renderApp('/home');
    const chips = await screen.findByRole('region', { name: tai['catalog.home.categories'] });
    const names = categoryKeys.map((key) => tai[`catalog.category.${key}` as keyof typeof tai]);
    await waitFor(() =>
      expect(
        within(chips)
          .getAllByRole('button')
          .map((chip) => chip.textContent),
      ).toEqual(names),
    );
    expect(screen.getByRole('region', { name: tai['catalog.home.hotProducts'] })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: tai['catalog.home.search'] })).toHaveAttribute('href', '/search');
  });
});

describe('HomeScreen recommendations paging against a stand-in server', () => {
  let standIn: StandInServer;
  beforeAll(async () => {
    const products = Array.from({ length: 20 }, (_, index) => ({
      product_id: index + 1,
      mer_id: 1,
      sales: 20 - index,
      click: 0,
      goods: {
        title: `Product ${index + 1}`,
        image: 'http://127.0.0.1:1/p.svg',
        sales_price: '10.00',
        market_price: '12.00',
        real_sales: 20 - index,
      },
    }));
    standIn = await startStandIn((request, response) => {
      const url = new URL(request.url, 'http://stand-in');
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const paged = (list: unknown[]) => ({ count: list.length, list: list.slice((page - 1) * limit, page * limit) });
      if (url.pathname === '/api/index/category') {
        return envelope(response, { code: 1, msg: '', data: [{ category_id: 1, name: 'Toys', name_en: 'Toys' }] });
      }
      if (url.pathname === '/api/index/banner') return envelope(response, { code: 1, msg: '', data: [] });
      if (url.pathname === '/api/index/product') return envelope(response, { code: 1, msg: '', data: paged(products) });
      if (url.pathname === '/api/index/hot_product' || url.pathname === '/api/index/hot_merchant') {
        return envelope(response, { code: 1, msg: '', data: { count: 0, list: [] } });
      }
      return envelope(response, { code: 0, msg: 'Not here', data: null });
    });
  });
  afterAll(() => standIn.close());
  beforeEach(() => setApiOrigin(standIn.origin));

  it('shows 8, loads the next 8 with Load more, then the rest and No more', async () => {
    const app = await renderApp('/home');
    const recommended = await screen.findByRole('region', { name: /^Recommended for you/ });
    const titles = (count: number) => Array.from({ length: count }, (_, index) => `Product ${index + 1}`);
    await waitFor(() => expect(recommendedTitles()).toEqual(titles(8)));
    await app.user.click(await within(recommended).findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(recommendedTitles()).toEqual(titles(16)));
    await app.user.click(await within(recommended).findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(recommendedTitles()).toEqual(titles(20)));
    expect(await within(recommended).findByText('No more')).toBeInTheDocument();
    const pages = standIn.requests
      .filter((request) => request.url.startsWith('/api/index/product'))
      .map((request) => new URL(request.url, 'http://stand-in').searchParams);
    expect(pages.map((query) => [query.get('category_id'), query.get('page'), query.get('limit')])).toEqual([
      ['1', '1', '8'],
      ['1', '2', '8'],
      ['1', '3', '8'],
    ]);
    // Empty hot lists show the empty state, not a blank block.
    expect(
      within(screen.getByRole('region', { name: 'Hot products' })).getByText('Nothing here yet'),
    ).toBeInTheDocument();
  });
});

describe('HomeScreen recommendations list', () => {
  it('keeps the same product links, and the focus, when the pull-to-refresh wrapper arrives', async () => {
    await renderApp('/home');
    const list = await screen.findByRole('list', { name: 'Recommended for you' });
    const first = await within(list)
      .findAllByRole('link')
      .then((links) => links[0]!);
    first.focus();
    expect(document.activeElement).toBe(first);
    // The gesture code loads at idle time (a timer in jsdom) and then wraps the list.
    await waitFor(() => expect(document.querySelector('.adm-pull-to-refresh')).not.toBeNull(), { timeout: 5000 });
    expect(document.querySelector('.adm-pull-to-refresh')).toContainElement(first);
    expect(first).toBeInTheDocument();
    expect(document.activeElement).toBe(first);
  });
});
