/** @jest-environment node */
import { loginAs, startTestServer, type TestServer } from '../../server/src/tools/testing/test-server';

interface Env<T = unknown> {
  code: number;
  msg: string;
  data: T;
}
interface Language {
  id: number;
  language_name: string;
  chinese_name: string;
  file_name: string;
  is_default: number;
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('language_list', () => {
  it('lists the five languages with English as the default', async () => {
    const res = await server.call<Env<{ count: number; list: Language[] }>>('/api/user/language_list');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(1);
    expect(res.body.data.count).toBe(5);
    expect(res.body.data.list.map((l) => [l.file_name, l.language_name, l.chinese_name, l.is_default])).toEqual([
      ['en', 'English', '英语', 1],
      ['zh-CN', '简体中文', '简体中文', 0],
      ['ri', '日本語', '日语', 0],
      ['han', '한국어', '韩语', 0],
      ['tai', 'ไทย', '泰语', 0],
    ]);
  });

  it('pages with page and limit', async () => {
    const res = await server.call<Env<{ count: number; list: Language[] }>>('/api/user/language_list?page=2&limit=2');
    expect(res.body.data.count).toBe(5);
    expect(res.body.data.list.map((l) => l.file_name)).toEqual(['ri', 'han']);
  });

  it('refuses a limit above 50 with a 400 naming the parameter', async () => {
    const res = await server.call<Env>('/api/user/language_list?limit=51');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 0, msg: 'limit: must be at most 50', data: null });
  });
});

describe('set_language', () => {
  it('changes the language that getUserInfo reports', async () => {
    const token = await loginAs(server);
    const list = await server.call<Env<{ list: Language[] }>>('/api/user/language_list');
    const thai = list.body.data.list.find((l) => l.file_name === 'tai');
    expect(thai).toBeDefined();
    const set = await server.call<Env>(`/api/user/set_language?lang_id=${thai?.id}&lang=tai`, { token });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ code: 1, msg: 'Setting Success', data: null });
    const info = await server.call<Env<{ lang: unknown }>>('/api/user/getUserInfo', { token });
    expect(info.body.data.lang).toEqual({ language_name: 'ไทย', chinese_name: '泰语', file_name: 'tai' });
  });

  it('refuses an unknown language as a business failure', async () => {
    const token = await loginAs(server);
    const res = await server.call<Env>('/api/user/set_language?lang_id=99&lang=en', { token, lang: 'han' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 0, msg: '언어를 찾을 수 없습니다', data: null });
  });

  it('needs a token', async () => {
    const res = await server.call<Env>('/api/user/set_language?lang_id=1&lang=en');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(401);
  });
});

describe('support content', () => {
  it('help_support returns five topics with HTML content, without a token', async () => {
    const res = await server.call<Env<{ title: string; content: string }[]>>('/api/user/help_support');
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(1);
    expect(res.body.data).toHaveLength(5);
    for (const topic of res.body.data) {
      expect(topic.title.length).toBeGreaterThan(3);
      expect(topic.content).toMatch(/^<p>/);
    }
  });

  it('law returns the legal page as HTML', async () => {
    const res = await server.call<Env<{ content: string }>>('/api/user/law');
    expect(res.body.code).toBe(1);
    expect(res.body.data.content).toContain('<h2>Terms of Service</h2>');
    expect(res.body.data.content).toContain('Privacy');
  });

  it('getPlatform returns the name and absolute URLs of pages the server serves', async () => {
    const res = await server.call<Env<Record<string, string>>>('/api/index/index');
    expect(res.body.code).toBe(1);
    expect(res.body.data).toEqual({
      name: 'Orbit Market',
      logo: `${server.baseUrl}/media/logo.svg`,
      merchant_link: `${server.baseUrl}/media/merchant.html`,
      custom_service: `${server.baseUrl}/media/service.html`,
    });
    const page = await fetch(res.body.data.custom_service ?? '');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('Orbit Market customer service');
    const logo = await fetch(res.body.data.logo ?? '');
    expect(logo.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  });
});
