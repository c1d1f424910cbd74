import { screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { setApiOrigin } from '../../src/shared/config/env';
import zh from '../../translations/zh-CN.json';
import { clearCookies, clearLiveRegions, closeToasts, findAnnouncement } from '../support/dom';
import { renderApp } from '../support/render-app';
import { registerShopper, startServer, type ReferenceServer } from '../support/server';
import { flatShop, type ServerShop, type Shop } from '../support/catalog';
import { DEMO_USER_INFO, envelope, startStandIn, type StandInServer } from '../support/stand-in-server';

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

function listedShops() {
  return within(screen.getByRole('list', { name: 'Followed shops' }))
    .queryAllByRole('link')
    .map((link) => link.querySelector('.shop-row__name')?.textContent);
}

describe('HeartScreen', () => {
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

  let shoppers = 0;
  /** A new shopper following no shop, logged in on the server. */
  async function freshShopper(): Promise<string> {
    shoppers += 1;
    const username = `heart_${shoppers}`;
    return registerShopper(server, username, { nickname: `Heart ${shoppers}` });
  }

  async function follow(token: string, ids: number[]): Promise<void> {
    for (const id of ids) {
      const res = await server.call<Envelope<{ is_follow: number }>>('/api/merchant/follow', {
        token,
        json: { mer_id: id },
      });
      expect(res.body.data.is_follow).toBe(1);
    }
  }

  async function followed(token: string): Promise<Shop[]> {
    const res = await server.call<Envelope<{ list: ServerShop[] }>>('/api/user/follow_list?page=1&limit=50', {
      token,
    });
    return res.body.data.list.map(flatShop);
  }

  it('says no shop is followed yet, with a way to discover shops', async () => {
    const token = await freshShopper();
    await renderApp('/heart', { token });
    expect(await screen.findByRole('heading', { level: 1, name: 'Followed shops' })).toBeInTheDocument();
    expect(await screen.findByText("You don't follow any shops yet")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Discover shops' })).toHaveAttribute('href', '/home');
  });

  it('lists the followed shops, newest first, with followers and rate, and unfollows from the list', async () => {
    const token = await freshShopper();
    await follow(token, [1, 2, 3]);
    const shops = await followed(token);
    expect(shops.map((shop) => shop.mer_id)).toEqual([3, 2, 1]);
    const app = await renderApp('/heart', { token });
    await waitFor(() => expect(listedShops()).toEqual(shops.map((shop) => shop.mer_name)));
    const links = within(screen.getByRole('list', { name: 'Followed shops' })).getAllByRole('link');
    expect(links[0]).toHaveAttribute('href', '/shop/3');
    expect(links[0]).toHaveTextContent(`${shops[0]!.fans.toLocaleString('en')} followers`);
    expect(links[0]).toHaveTextContent(
      `${shops[0]!.favorable_rate.toLocaleString('en', { maximumFractionDigits: 2 })}% positive`,
    );

    const middle = shops[1]!;
    await app.user.click(screen.getByRole('button', { name: `Unfollow ${middle.mer_name}` }));
    await findAnnouncement('Unfollowed');
    await waitFor(() => expect(listedShops()).toEqual([shops[0]!.mer_name, shops[2]!.mer_name]));
    expect((await followed(token)).map((shop) => shop.mer_id)).toEqual([3, 1]);
  });

  it('a shop followed on its page appears in the list after a reload', async () => {
    const token = await freshShopper();
    const first = await renderApp('/shop/4', { token });
    await first.user.click(await screen.findByRole('button', { name: 'Follow' }));
    await findAnnouncement('Follow Success');
    first.unmount();
    await renderApp('/heart', { token });
    const [shop] = await followed(token);
    expect(shop?.mer_id).toBe(4);
    await waitFor(() => expect(listedShops()).toEqual([shop!.mer_name]));
  });

  it('asks a visitor to log in', async () => {
    const app = await renderApp('/heart');
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
    await renderApp('/heart', { token });
    expect(await screen.findByText(zh['catalog.heart.empty'])).toBeInTheDocument();
  });
});

// The seed has 9 shops, fewer than a page (10): paging is shown against a stand-in server.
describe('HeartScreen paging against a stand-in server', () => {
  let standIn: StandInServer;
  beforeAll(async () => {
    const shops = Array.from({ length: 14 }, (_, index) => ({
      mer_id: index + 1,
      mer_name: `Shop ${index + 1}`,
      mer_avatar: 'http://127.0.0.1:1/a.svg',
      follow_count: 1,
      good_rate: 99,
    }));
    standIn = await startStandIn((request, response) => {
      const url = new URL(request.url, 'http://stand-in');
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? 10);
      if (url.pathname === '/api/user/getUserInfo') {
        return envelope(response, {
          code: 1,
          msg: '',
          data: DEMO_USER_INFO,
        });
      }
      if (url.pathname === '/api/user/follow_list') {
        return envelope(response, {
          code: 1,
          msg: '',
          data: { count: shops.length, list: shops.slice((page - 1) * limit, page * limit) },
        });
      }
      return envelope(response, { code: 0, msg: 'Not here', data: null });
    });
  });
  afterAll(() => standIn.close());
  beforeEach(() => {
    setApiOrigin(standIn.origin);
    clearCookies();
  });

  it('shows 10, then the other 4 with Load more, then No more', async () => {
    const app = await renderApp('/heart', { token: 'stand-in-token' });
    const names = (count: number) => Array.from({ length: count }, (_, index) => `Shop ${index + 1}`);
    await waitFor(() => expect(listedShops()).toEqual(names(10)));
    await app.user.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(listedShops()).toEqual(names(14)));
    expect(await screen.findByText('No more')).toBeInTheDocument();
  });
});
