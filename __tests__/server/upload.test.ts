/** @jest-environment node */
import { existsSync, readdirSync } from 'node:fs';
import sharp from 'sharp';
import { loginAs, startTestServer, type TestServer } from '../../server/src/tools/testing/test-server';
import { idemKey, TINY_PNG, uploadImage, type Env } from '../../server/src/tools/testing/wallet';

// Small real pictures (uploads are decoded and written anew, so they must decode).
const solid = (format: 'jpeg' | 'gif' | 'webp') =>
  sharp({ create: { width: 8, height: 6, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await loginAs(server);
});
afterAll(() => server.stop());

describe('uploadImage', () => {
  it('stores a transparent PNG written anew (not the bytes sent) under an absolute /media/uploads URL', async () => {
    const res = await uploadImage(server, token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      code: 1,
      msg: 'Upload successful',
      data: { fullurl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/media\/uploads\/[0-9a-f]{32}\.png$/) },
    });
    const url = res.body.data!.fullurl;
    const file = await fetch(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('cache-control')).toContain('immutable');
    const served = Buffer.from(await file.arrayBuffer());
    expect(served.equals(TINY_PNG)).toBe(false);
    // The same picture: one pixel, red at half opacity.
    expect([...(await sharp(served).raw().toBuffer())]).toEqual([255, 0, 0, 127]);
    // It is recorded as this user's, so it can be sent as payment evidence.
    const recharge = await server.call<Env>('/api/user/recharge', {
      token,
      headers: { 'Idempotency-Key': idemKey() },
      json: { recharge_type: 1, network: 'TRC20', price: '5', image: url },
    });
    expect(recharge.body.code).toBe(1);
  });

  it('localizes the success message', async () => {
    const res = await uploadImage(server, token, TINY_PNG, 'a.png', 'image/png', 'zh-CN');
    expect(res.body.msg).toBe('上传成功');
  });

  // Opaque pictures are stored as JPEG; a GIF as a PNG of its first frame (see images.test.ts).
  it.each([
    ['JPEG', 'jpeg', 'jpg'],
    ['GIF', 'gif', 'png'],
    ['WebP', 'webp', 'jpg'],
  ] as const)('reads %s from the bytes, whatever the name and the sent type say', async (_name, format, ext) => {
    const res = await uploadImage(server, token, await solid(format), 'notes.txt', 'text/plain');
    expect(res.status).toBe(200);
    expect(res.body.data?.fullurl).toMatch(new RegExp(`\\.${ext}$`));
    const file = await fetch(res.body.data!.fullurl);
    expect(file.headers.get('content-type')).toBe(ext === 'jpg' ? 'image/jpeg' : `image/${ext}`);
  });

  it('refuses a text file renamed .png and sent as image/png: HTTP 200, code 0, a clear message', async () => {
    const before = readdirSync(server.uploadsDir).length;
    const res = await uploadImage(
      server,
      token,
      Buffer.from('hello, this is not an image\n'),
      'photo.png',
      'image/png',
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 0, msg: 'Only JPEG, PNG, GIF or WebP images can be uploaded', data: null });
    expect(readdirSync(server.uploadsDir).length).toBe(before);
  });

  it('refuses SVG and HTML (script-capable) even with an image name and type', async () => {
    for (const [text, name] of [
      ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'x.svg'],
      ['<!doctype html><script>alert(1)</script>', 'x.gif'],
    ] as const) {
      const res = await uploadImage(server, token, Buffer.from(text), name, 'image/svg+xml');
      expect([res.status, res.body.code]).toEqual([200, 0]);
    }
    const th = await uploadImage(server, token, Buffer.from('nope'), 'x.png', 'image/png', 'tai');
    expect(th.body.msg).toBe('อัปโหลดได้เฉพาะรูปภาพ JPEG, PNG, GIF หรือ WebP');
  });

  it('refuses a file larger than 20 MB (HTTP 200, code 0, localized); exactly 20 MB passes', async () => {
    const limit = 20 * 1024 * 1024;
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(limit + 1 - TINY_PNG.length)]);
    const res = await uploadImage(server, token, big, 'big.png');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 0, msg: 'The image must be at most 20 MB', data: null });
    const zh = await uploadImage(server, token, big, 'big.png', 'image/png', 'zh-CN');
    expect([zh.status, zh.body]).toEqual([200, { code: 0, msg: '图片不能超过 20 MB', data: null }]);
    const atLimit = Buffer.concat([TINY_PNG, Buffer.alloc(limit - TINY_PNG.length)]);
    expect((await uploadImage(server, token, atLimit, 'limit.png')).body.code).toBe(1);
  });

  it('asks for an image when there is no file (HTTP 200, code 0)', async () => {
    const form = new FormData();
    form.append('other', 'text');
    const res = await fetch(`${server.baseUrl}/merchant/common/upload`, {
      method: 'POST',
      headers: { token },
      body: form,
    });
    const body = (await res.json()) as Env;
    expect([res.status, body]).toEqual([200, { code: 0, msg: 'Please choose an image to upload', data: null }]);
    const text = new FormData();
    text.append('file', 'just a string');
    const asText = await fetch(`${server.baseUrl}/merchant/common/upload`, {
      method: 'POST',
      headers: { token },
      body: text,
    });
    expect(asText.status).toBe(200);
    expect(await asText.json()).toEqual({ code: 0, msg: 'Please choose an image to upload', data: null });
  });

  it('takes one image per request', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(TINY_PNG)], { type: 'image/png' }), 'a.png');
    form.append('file', new Blob([new Uint8Array(TINY_PNG)], { type: 'image/png' }), 'b.png');
    const res = await fetch(`${server.baseUrl}/merchant/common/upload`, {
      method: 'POST',
      headers: { token },
      body: form,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: 0, msg: 'Upload one image at a time', data: null });
  });

  it('needs the token (401 envelope, nothing stored)', async () => {
    const before = readdirSync(server.uploadsDir).length;
    const res = await uploadImage(server, undefined);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ code: 401, msg: 'Please login first', data: null });
    const bad = await uploadImage(server, 'f'.repeat(64), TINY_PNG, 'a.png', 'image/png', 'han');
    expect(bad.status).toBe(401);
    expect(bad.body.msg).toBe('먼저 로그인해 주세요');
    expect(readdirSync(server.uploadsDir).length).toBe(before);
  });

  it('answers 404 for an upload that does not exist', async () => {
    const res = await fetch(`${server.baseUrl}/media/uploads/00000000000000000000000000000000.png`);
    expect(res.status).toBe(404);
  });

  it('keeps uploads of an in-memory server in a temporary directory that close() removes', async () => {
    const other = await startTestServer();
    const t = await loginAs(other);
    expect((await uploadImage(other, t)).status).toBe(200);
    const dir = other.uploadsDir;
    expect(readdirSync(dir)).toHaveLength(1);
    await other.stop();
    expect(existsSync(dir)).toBe(false);
  });
});
