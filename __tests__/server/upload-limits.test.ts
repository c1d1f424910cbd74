/** @jest-environment node */
/**
 * Uploads cannot exhaust the server's memory or disk (DESIGN.md 3.4, uploads are size-limited):
 * one image and a few short fields per request, a body cut off as soon as it breaks a limit, a
 * daily quota per shopper, and uploads no record uses removed a day after they were made.
 */
import { existsSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { removeOrphanUploads } from '../../server/src/shared/uploads';
import { startTestServer, type TestServer } from '../../server/src/tools/testing/test-server';
import { idemKey, newShopper, TINY_PNG, uploadImage, type Env } from '../../server/src/tools/testing/wallet';

const MB = 1024 * 1024;
const DAY = 24 * 60 * 60;
const ALONE = { code: 0, msg: 'Please upload the image alone, without other data', data: null };

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ uploadQuota: { files: 4, bytes: 12 * MB } });
});
afterAll(() => server.stop());

const post = async (token: string, form: FormData, lang?: string) => {
  const res = await fetch(`${server.baseUrl}/merchant/common/upload`, {
    method: 'POST',
    headers: lang ? { token, lang } : { token },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Env<{ fullurl: string } | null> };
};
const withImage = () => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(TINY_PNG)], { type: 'image/png' }), 'a.png');
  return form;
};
const storedNames = () => readdirSync(server.uploadsDir).sort();

describe('uploadImage limits', () => {
  it('refuses a PNG with 25 form fields of 1 MB each, storing nothing, with or without a declared length', async () => {
    const { token } = await newShopper(server, 'ul');
    const before = storedNames();
    const form = withImage();
    for (let i = 0; i < 25; i += 1) form.append(`f${i}`, 'x'.repeat(MB));
    // Declared 25 MB: larger than any acceptable upload, refused before it is read.
    expect(await post(token, form)).toEqual({
      status: 200,
      body: { code: 0, msg: 'The image must be at most 20 MB', data: null },
    });
    // The same body sent chunked (no length): multer's field limit stops it.
    const encoded = new Response(form);
    const chunked = await fetch(`${server.baseUrl}/merchant/common/upload`, {
      method: 'POST',
      headers: { token, 'content-type': encoded.headers.get('content-type')! },
      body: encoded.body,
      duplex: 'half',
    } as RequestInit);
    expect([chunked.status, await chunked.json()]).toEqual([200, ALONE]);
    expect(storedNames()).toEqual(before);
  });

  it('refuses one field larger than 1 KB, and more than 5 small fields (localized)', async () => {
    const { token } = await newShopper(server, 'ul');
    const huge = withImage();
    huge.append('note', 'x'.repeat(2 * MB));
    expect(await post(token, huge)).toEqual({ status: 200, body: ALONE });
    const many = withImage();
    for (let i = 0; i < 6; i += 1) many.append(`f${i}`, 'x');
    expect(await post(token, many, 'zh-CN')).toEqual({
      status: 200,
      body: { code: 0, msg: '请只上传图片，不要附带其他数据', data: null },
    });
    // A few short fields next to the image are fine.
    const few = withImage();
    few.append('name', 'evidence');
    expect((await post(token, few)).body.code).toBe(1);
  });

  it('refuses a second file', async () => {
    const { token } = await newShopper(server, 'ul');
    const form = withImage();
    form.append('file2', new Blob([new Uint8Array(TINY_PNG)], { type: 'image/png' }), 'b.png');
    expect(await post(token, form)).toEqual({
      status: 200,
      body: { code: 0, msg: 'Upload one image at a time', data: null },
    });
  });

  it('answers a declared 25 MB body while it is still being sent, and stops reading it', async () => {
    const { token } = await newShopper(server, 'ul');
    const boundary = 'xBOUNDARYx';
    const total = 25 * MB;
    const { port } = new URL(server.baseUrl);
    const answer = await new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
      let sent = 0;
      const req = http.request(
        {
          host: '127.0.0.1',
          port: Number(port),
          path: '/merchant/common/upload',
          method: 'POST',
          headers: {
            token,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(total),
          },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => {
            resolve({ status: res.statusCode ?? 0, body, sent });
            req.destroy();
          });
        },
      );
      req.on('error', reject);
      // Only the first 64 KB of the declared 25 MB are ever sent; the body is never finished.
      const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="f0"\r\n\r\n`);
      req.write(Buffer.concat([head, Buffer.alloc(64 * 1024 - head.length, 'x')]));
      sent = 64 * 1024;
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ code: 0, msg: 'The image must be at most 20 MB', data: null });
    expect(answer.sent).toBeLessThan(total);
  });
});

describe('the daily upload quota', () => {
  it('refuses the upload after the quota of files, localized, and stores nothing', async () => {
    const { token } = await newShopper(server, 'uq');
    for (let i = 0; i < 4; i += 1) expect((await uploadImage(server, token)).body.code).toBe(1);
    const before = storedNames();
    const over = await uploadImage(server, token);
    expect(over).toEqual({
      status: 200,
      body: { code: 0, msg: "You have reached today's upload limit. Please try again tomorrow", data: null },
    });
    expect((await uploadImage(server, token, TINY_PNG, 'a.png', 'image/png', 'tai')).body.msg).toBe(
      'คุณอัปโหลดครบตามขีดจำกัดของวันนี้แล้ว กรุณาลองใหม่พรุ่งนี้',
    );
    expect(storedNames()).toEqual(before);
    // Another shopper has a quota of their own.
    const other = await newShopper(server, 'uq');
    expect((await uploadImage(server, other.token)).body.code).toBe(1);
  });

  it('counts the bytes stored, not the bytes sent, towards the quota of bytes', async () => {
    const { token, username } = await newShopper(server, 'uq');
    // 4 MB sent (a 1x1 picture and padding after its end), a few bytes stored.
    const fourMb = Buffer.concat([TINY_PNG, Buffer.alloc(4 * MB - TINY_PNG.length)]);
    for (let i = 0; i < 3; i += 1) expect((await uploadImage(server, token, fourMb)).body.code).toBe(1);
    const stored = server.db
      .prepare<[string], { bytes: number }>(
        'SELECT SUM(size) AS bytes FROM uploads WHERE user_id = (SELECT id FROM users WHERE username = ?)',
      )
      .get(username);
    expect(stored?.bytes).toBeLessThan(1024);
    // 12 MB sent of a 12 MB quota, but far less stored: the fourth upload is still taken.
    expect((await uploadImage(server, token, fourMb)).body.code).toBe(1);
  });

  it('counts a rolling day: uploads older than 24 hours no longer count', async () => {
    const { token, username } = await newShopper(server, 'uq');
    for (let i = 0; i < 4; i += 1) {
      const up = await uploadImage(server, token);
      // Use them, so they are kept.
      await server.call<Env>('/api/user/recharge', {
        token,
        headers: { 'Idempotency-Key': idemKey() },
        json: { recharge_type: 1, network: 'TRC20', price: '5', image: up.body.data!.fullurl },
      });
    }
    expect((await uploadImage(server, token)).body.code).toBe(0);
    server.db
      .prepare(
        'UPDATE uploads SET created_at = created_at - ? WHERE user_id = (SELECT id FROM users WHERE username = ?)',
      )
      .run(DAY + 60, username);
    expect((await uploadImage(server, token)).body.code).toBe(1);
  });
});

describe('removing uploads no record uses', () => {
  it('removes an orphan older than a day and keeps referenced and recent uploads', async () => {
    const own = await startTestServer();
    try {
      const { token, username } = await newShopper(own, 'uc');
      const upload = async () => (await uploadImage(own, token)).body.data!.fullurl;
      const [evidence, avatar, reviewPic, orphan, recent] = [
        await upload(),
        await upload(),
        await upload(),
        await upload(),
        await upload(),
      ];
      expect(
        (
          await own.call<Env>('/api/user/recharge', {
            token,
            headers: { 'Idempotency-Key': idemKey() },
            json: { recharge_type: 1, network: 'TRC20', price: '5', image: evidence },
          })
        ).body.code,
      ).toBe(1);
      expect((await own.call<Env>('/api/user/profile', { token, json: { avatar } })).body.code).toBe(1);
      const nameOf = (url: string) => new URL(url).pathname.split('/').pop()!;
      own.db
        .prepare(
          `INSERT INTO reviews (product_id, nickname, product_score, service_score, postage_score, comment, pics, created_at)
           VALUES (1, 'x', 5, 5, 5, 'ok', ?, 0)`,
        )
        .run(`/media/uploads/${nameOf(reviewPic)}`);
      // Everything but `recent` was uploaded two days ago.
      own.db
        .prepare(
          'UPDATE uploads SET created_at = created_at - ? WHERE file_name <> ? AND user_id = (SELECT id FROM users WHERE username = ?)',
        )
        .run(2 * DAY, nameOf(recent), username);
      // A file left on disk without its record (a crash between the write and the insert), two days old.
      const stray = path.join(own.uploadsDir, `${'ab'.repeat(16)}.png`);
      writeFileSync(stray, TINY_PNG);
      const twoDaysAgo = new Date(Date.now() - 2 * DAY * 1000);
      utimesSync(stray, twoDaysAgo, twoDaysAgo);

      const { removed } = removeOrphanUploads(own.db, own.uploadsDir);

      expect(removed.sort()).toEqual([nameOf(orphan), path.basename(stray)].sort());
      expect((await fetch(orphan)).status).toBe(404);
      expect(existsSync(stray)).toBe(false);
      for (const kept of [evidence, avatar, reviewPic, recent]) expect((await fetch(kept)).status).toBe(200);
      const rows = own.db.prepare<[], { file_name: string }>('SELECT file_name FROM uploads').all();
      expect(rows.map((r) => r.file_name).sort()).toEqual([evidence, avatar, reviewPic, recent].map(nameOf).sort());
      // The orphan can no longer be sent as evidence.
      const late = await own.call<Env>('/api/user/recharge', {
        token,
        headers: { 'Idempotency-Key': idemKey() },
        json: { recharge_type: 1, network: 'TRC20', price: '5', image: orphan },
      });
      expect(late.body).toEqual({ code: 0, msg: 'Please upload payment evidence', data: null });
    } finally {
      await own.stop();
    }
  });
});
