/** @jest-environment node */
/**
 * `npm run seed -- --photos` (and SEED_PHOTOS=1 at a first start): the demo's products and home
 * banners as photographs of a real shop's weight in the catalogue folder, named by the rows and
 * served with their variants (server/src/tools/seed/PHOTOS.md). Two products only, to stay quick.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { PHOTO_RULES, photographCatalog, productPhoto } from '../../server/src/tools/seed/photos';
import { startTestServer, type TestServer } from '../../server/src/tools/testing/test-server';

interface Envelope<T> {
  code: number;
  data: T;
}

describe('the photographed demo', () => {
  let server: TestServer;
  let catalogDir: string;
  let made: Map<string, number>;

  beforeAll(async () => {
    catalogDir = mkdtempSync(path.join(tmpdir(), 'shop-photos-'));
    server = await startTestServer({ catalogDir });
    made = (await photographCatalog(server.db, catalogDir, { products: 2 })).sizes;
  });
  afterAll(async () => {
    await server.stop();
    rmSync(catalogDir, { recursive: true, force: true });
  });

  it('makes progressive JPEGs of the stated sizes and weights', async () => {
    const names = ['1.jpg', '1-1.jpg', '1-2.jpg', '2.jpg', '2-1.jpg', '2-2.jpg', 'banner-1.jpg', 'banner-2.jpg'];
    expect(readdirSync(catalogDir).sort()).toEqual([...names, 'banner-3.jpg'].sort());
    expect([...made.keys()].sort()).toEqual(readdirSync(catalogDir).sort());
    for (const name of readdirSync(catalogDir)) {
      const bytes = readFileSync(path.join(catalogDir, name));
      const rule = name.startsWith('banner-') ? PHOTO_RULES.banner : PHOTO_RULES.product;
      const meta = await sharp(bytes).metadata();
      expect([name, meta.format, meta.width, meta.height, meta.isProgressive]).toEqual([
        name,
        'jpeg',
        rule.width,
        rule.height,
        true,
      ]);
      expect([name, bytes.length >= rule.minBytes && bytes.length <= rule.maxBytes]).toEqual([name, true]);
      expect(made.get(name)).toBe(bytes.length);
    }
  });

  it('makes the same bytes every run', async () => {
    const again = await productPhoto(1, 1, 'computer', 'UltraBook 14');
    expect(again.equals(readFileSync(path.join(catalogDir, '1-1.jpg')))).toBe(true);
  });

  it('names the photographs in the rows, and leaves the products it did not photograph drawn', () => {
    const product = server.db.prepare<[number], { image: string; content_html: string }>(
      'SELECT image, content_html FROM products WHERE id = ?',
    );
    const gallery = server.db.prepare<[number], { image: string }>(
      'SELECT image FROM product_images WHERE product_id = ? ORDER BY sort',
    );
    expect(product.get(1)?.image).toBe('/media/catalog/1.jpg');
    expect(gallery.all(1).map((g) => g.image)).toEqual([
      '/media/catalog/1.jpg',
      '/media/catalog/1-1.jpg',
      '/media/catalog/1-2.jpg',
    ]);
    expect(product.get(1)?.content_html).toContain('src="/media/catalog/1-1.jpg"');
    expect(product.get(3)?.image).toBe('/media/product/3.svg');
    const pics = server.db
      .prepare<[], { pics: string }>("SELECT pics FROM reviews WHERE product_id = 1 AND pics != ''")
      .all();
    expect(pics.map((r) => r.pics)).toEqual(['/media/catalog/1-2.jpg']);
    const banners = server.db.prepare<[], { image: string }>('SELECT image FROM banners ORDER BY id').all();
    expect(banners.map((b) => b.image)).toEqual([1, 2, 3].map((b) => `/media/catalog/banner-${b}.jpg`));
  });

  it('serves what the API names, as stored and as a variant', async () => {
    const banners = (await server.call<Envelope<string[]>>('/api/index/banner')).body.data;
    const detail = (
      await server.call<Envelope<{ goods: { images: string } }>>('/api/product/detail?mer_id=1&product_id=1')
    ).body.data;
    const urls = [...banners, ...detail.goods.images.split(',')];
    expect(urls).toHaveLength(6);
    for (const url of urls) {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\/catalog\/(banner-)?\d(-\d)?\.jpg$/);
      const stored = await fetch(url);
      const bytes = Buffer.from(await stored.arrayBuffer());
      expect([url, stored.status, stored.headers.get('content-type')]).toEqual([url, 200, 'image/jpeg']);
      expect(bytes.equals(readFileSync(path.join(catalogDir, path.basename(new URL(url).pathname))))).toBe(true);
    }
    const variant = await fetch(`${urls[3]}?w=320`, { headers: { accept: 'image/jpeg' } });
    const meta = await sharp(Buffer.from(await variant.arrayBuffer())).metadata();
    expect([variant.status, variant.headers.get('content-type'), meta.format, meta.width]).toEqual([
      200,
      'image/jpeg',
      'jpeg',
      320,
    ]);
  });
});
