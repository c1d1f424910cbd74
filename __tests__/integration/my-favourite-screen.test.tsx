import { screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { setApiOrigin } from '../../src/shared/config/env';
import zh from '../../translations/zh-CN.json';
import { clearCookies, clearLiveRegions, closeToasts, findAnnouncement } from '../support/dom';
import { flatCard, type Card, type ServerCard } from '../support/catalog';
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

let shoppers = 0;
/** A new shopper with no likes, logged in on the server. */
async function freshShopper(): Promise<string> {
  shoppers += 1;
  const username = `liked_${shoppers}`;
  return registerShopper(server, username, { nickname: `Liked ${shoppers}` });
}

/** The best sellers of the catalogue, to like (hot_product's cards, read flat). */
async function products(count: number): Promise<Card[]> {
  const res = await server.call<Envelope<{ list: ServerCard[] }>>(`/api/index/hot_product?page=1&limit=${count}`);
  return res.body.data.list.map(flatCard);
}

/** Likes the products one by one (oldest first), so the newest like is the last one. */
async function like(token: string, cards: Card[]): Promise<void> {
  for (const card of cards) {
    const res = await server.call<Envelope<{ is_like: number }>>('/api/product/like', {
      token,
      json: { product_id: card.product_id, mer_id: card.mer_id },
    });
    expect(res.body.data.is_like).toBe(1);
  }
}

async function likedIds(token: string): Promise<number[]> {
  const res = await server.call<Envelope<{ list: ServerCard[] }>>('/api/user/like_list?page=1&limit=50', { token });
  return res.body.data.list.map((card) => card.product_id);
}

function listedTitles() {
  return within(screen.getByRole('list', { name: 'Liked products' }))
    .queryAllByRole('link')
    .map((link) => link.querySelector('.product-card__title')?.textContent);
}

describe('MyFavouriteScreen', () => {
  it('says there are no liked products yet, with a way to browse', async () => {
    const token = await freshShopper();
    await renderApp('/myFavourite', { token });
    expect(await screen.findByRole('heading', { level: 1, name: 'Liked products' })).toBeInTheDocument();
    expect(await screen.findByText('No liked products yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse products' })).toHaveAttribute('href', '/explore');
  });

  it('lists the liked products, newest first, and takes one off with its heart', async () => {
    const token = await freshShopper();
    const cards = await products(3);
    await like(token, cards);
    const app = await renderApp('/myFavourite', { token });
    const newestFirst = [...cards].reverse();
    await waitFor(() => expect(listedTitles()).toEqual(newestFirst.map((card) => card.title)));
    const first = newestFirst[0]!;
    expect(within(screen.getByRole('list', { name: 'Liked products' })).getAllByRole('link')[0]).toHaveAttribute(
      'href',
      `/detail/${first.product_id}/${first.mer_id}`,
    );

    const middle = newestFirst[1]!;
    await app.user.click(screen.getByRole('button', { name: `Remove ${middle.title} from liked products` }));
    await findAnnouncement('Removed from liked products');
    await waitFor(() => expect(listedTitles()).toEqual([newestFirst[0]!.title, newestFirst[2]!.title]));
    expect(await likedIds(token)).toEqual([newestFirst[0]!.product_id, newestFirst[2]!.product_id]);

    // Taking the rest off leaves the empty state.
    for (const card of [newestFirst[0]!, newestFirst[2]!]) {
      await app.user.click(await screen.findByRole('button', { name: `Remove ${card.title} from liked products` }));
      await waitFor(() => expect(listedTitles()).not.toContain(card.title));
    }
    expect(await screen.findByText('No liked products yet')).toBeInTheDocument();
    expect(await likedIds(token)).toEqual([]);
  });

  it('shows 10, then loads the rest with Load more', async () => {
    const token = await freshShopper();
    const cards = await products(13);
    await like(token, cards);
    const app = await renderApp('/myFavourite', { token });
    const newestFirst = [...cards].reverse().map((card) => card.title);
    await waitFor(() => expect(listedTitles()).toEqual(newestFirst.slice(0, 10)));
    await app.user.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(listedTitles()).toEqual(newestFirst));
    expect(await screen.findByText('No more')).toBeInTheDocument();
  });

  it('a product liked on its page appears in the list (the like is server state)', async () => {
    const token = await freshShopper();
    const [card] = await products(1);
    const app = await renderApp(`/detail/${card!.product_id}/${card!.mer_id}`, { token });
    const heart = await screen.findByRole('button', { name: 'Like' });
    await app.user.click(heart);
    await waitFor(async () => expect(await likedIds(token)).toEqual([card!.product_id]));
    app.unmount();
    await renderApp('/myFavourite', { token });
    await waitFor(() => expect(listedTitles()).toEqual([card!.title]));
  });

  it('asks a visitor to log in', async () => {
    const app = await renderApp('/myFavourite');
    await waitFor(() => expect(app.pathname()).toBe('/login'));
    await findAnnouncement('Please login first');
  });

  it('speaks Chinese', async () => {
    Cookies.set(
      'language',
      JSON.stringify({ language_name: '简体中文', chinese_name: '简体中文', file_name: 'zh-CN' }),
    );
    const token = await freshShopper();
    // The shopper's own language (user info) wins over the cookie: make it Chinese too.
    await server.call('/api/user/set_language?lang_id=2&lang=zh-CN', { token });
    await renderApp('/myFavourite', { token });
    expect(await screen.findByText(zh['catalog.favourite.empty'])).toBeInTheDocument();
    expect(screen.getByRole('link', { name: zh['catalog.favourite.browse'] })).toBeInTheDocument();
  });
});
