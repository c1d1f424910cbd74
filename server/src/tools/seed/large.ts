/**
 * A large catalogue on top of the demo one (`npm run seed -- --products 10000 --shops 200`), to see
 * how search, lists and pages behave on a shop of real size. Deterministic: the same rows and ids
 * every run (a fixed PRNG seed). Titles combine a brand, a quality, a product word and a feature of
 * the category, mostly in English and one product in four in Chinese, Japanese, Korean or Thai, so
 * searches in every language of the interface find something meaningful. Images are drawn by the
 * media router from the short name and category, like the demo's.
 */
import type { Db } from '../../platform/db';
import { CATEGORIES } from './catalog';
import { prng } from './prng';

type Lang = 'en' | 'zh' | 'ja' | 'ko' | 'th';

/** Per category and language: product words (the short name on the picture). */
const NOUNS: Record<string, Record<Lang, string[]>> = {
  computer: {
    en: ['Laptop', 'Keyboard', 'Mouse', 'Monitor', 'USB-C Hub', 'Webcam', 'Headset', 'Tablet'],
    zh: ['笔记本电脑', '键盘', '鼠标', '显示器', '摄像头'],
    ja: ['ノートパソコン', 'キーボード', 'マウス', 'モニター'],
    ko: ['노트북', '키보드', '마우스', '모니터'],
    th: ['แล็ปท็อป', 'คีย์บอร์ด', 'เมาส์', 'จอมอนิเตอร์'],
  },
  electrical_equipment: {
    en: ['Air Fryer', 'Robot Vacuum', 'Hair Dryer', 'Electric Kettle', 'Desk Fan', 'Blender', 'Toaster', 'Rice Cooker'],
    zh: ['空气炸锅', '扫地机器人', '吹风机', '电热水壶', '电饭煲'],
    ja: ['エアフライヤー', 'ロボット掃除機', 'ドライヤー', '電気ケトル'],
    ko: ['에어프라이어', '로봇청소기', '헤어드라이어', '전기포트'],
    th: ['หม้อทอดไร้น้ำมัน', 'หุ่นยนต์ดูดฝุ่น', 'ไดร์เป่าผม', 'กาต้มน้ำไฟฟ้า'],
  },
  outdoors: {
    en: ['Tent', 'Backpack', 'Sleeping Bag', 'Lantern', 'Trekking Poles', 'Water Bottle', 'Camping Chair'],
    zh: ['帐篷', '背包', '睡袋', '露营灯', '登山杖'],
    ja: ['テント', 'リュック', '寝袋', 'ランタン'],
    ko: ['텐트', '백팩', '침낭', '랜턴'],
    th: ['เต็นท์', 'กระเป๋าเป้', 'ถุงนอน', 'ตะเกียง'],
  },
  family_life: {
    en: ['Towel Set', 'Frying Pan', 'Storage Box', 'Duvet Cover', 'Candle', 'Knife Set', 'Laundry Basket'],
    zh: ['浴巾套装', '平底锅', '收纳盒', '被套', '香薰蜡烛'],
    ja: ['タオルセット', 'フライパン', '収納ボックス', 'キャンドル'],
    ko: ['수건 세트', '프라이팬', '수납함', '캔들'],
    th: ['ชุดผ้าขนหนู', 'กระทะ', 'กล่องเก็บของ', 'เทียนหอม'],
  },
  health: {
    en: ['Yoga Mat', 'Vitamin C', 'Massage Gun', 'Fitness Tracker', 'Blood Pressure Monitor', 'Resistance Bands'],
    zh: ['瑜伽垫', '维生素', '按摩枪', '血压计'],
    ja: ['ヨガマット', 'ビタミン', 'マッサージガン', '血圧計'],
    ko: ['요가 매트', '비타민', '마사지건', '혈압계'],
    th: ['เสื่อโยคะ', 'วิตามินซี', 'ปืนนวด', 'เครื่องวัดความดัน'],
  },
  mens_clothing: {
    en: [
      'Oxford Shirt',
      'Polo Shirt',
      'Chino Pants',
      'Down Jacket',
      'Running Shoes',
      'Denim Jacket',
      'Hoodie',
      'Sweater',
    ],
    zh: ['男士衬衫', '男士夹克', '男士卫衣', '男士牛仔裤', '男士跑鞋'],
    ja: ['メンズシャツ', 'メンズジャケット', 'メンズパーカー', 'メンズスニーカー'],
    ko: ['남성 셔츠', '남성 재킷', '남성 후드티', '남성 운동화'],
    th: ['เสื้อเชิ้ตผู้ชาย', 'แจ็คเก็ตผู้ชาย', 'เสื้อฮู้ดผู้ชาย', 'รองเท้าวิ่งผู้ชาย'],
  },
  womens_clothing: {
    en: ['Wrap Dress', 'Skinny Jeans', 'Cardigan', 'Blouse', 'Trench Coat', 'Pleated Skirt', 'Leggings'],
    zh: ['连衣裙', '女士牛仔裤', '开衫', '女士衬衫', '风衣'],
    ja: ['ワンピース', 'レディースデニム', 'カーディガン', 'ブラウス'],
    ko: ['원피스', '여성 청바지', '가디건', '블라우스'],
    th: ['ชุดเดรส', 'กางเกงยีนส์ผู้หญิง', 'เสื้อคาร์ดิแกน', 'เสื้อเบลาส์'],
  },
  food: {
    en: ['Green Tea', 'Coffee Beans', 'Dark Chocolate', 'Honey', 'Olive Oil', 'Granola', 'Almonds'],
    zh: ['绿茶', '咖啡豆', '黑巧克力', '蜂蜜', '橄榄油'],
    ja: ['緑茶', 'コーヒー豆', 'チョコレート', 'はちみつ'],
    ko: ['녹차', '원두커피', '다크 초콜릿', '꿀'],
    th: ['ชาเขียว', 'เมล็ดกาแฟ', 'ช็อกโกแลต', 'น้ำผึ้ง'],
  },
  mobile_phone: {
    en: ['Smartphone', 'Phone Case', 'Wireless Earbuds', 'Power Bank', 'Smartwatch', 'Charger', 'Screen Protector'],
    zh: ['智能手机', '手机壳', '无线耳机', '充电宝', '智能手表'],
    ja: ['スマートフォン', 'スマホケース', 'ワイヤレスイヤホン', 'モバイルバッテリー'],
    ko: ['스마트폰', '휴대폰 케이스', '무선 이어폰', '보조배터리'],
    th: ['สมาร์ทโฟน', 'เคสโทรศัพท์', 'หูฟังไร้สาย', 'พาวเวอร์แบงค์'],
  },
  toys: {
    en: ['Building Blocks', 'Plush Bear', 'Puzzle', 'Remote Control Car', 'Board Game', 'Kite', 'Dollhouse'],
    zh: ['积木', '毛绒熊', '拼图', '遥控车', '桌游'],
    ja: ['ブロック', 'ぬいぐるみ', 'パズル', 'ラジコンカー'],
    ko: ['블록 장난감', '곰 인형', '퍼즐', 'RC카'],
    th: ['ตัวต่อ', 'ตุ๊กตาหมี', 'จิ๊กซอว์', 'รถบังคับ'],
  },
};

const QUALITIES: Record<Lang, string[]> = {
  en: [
    'Classic',
    'Premium',
    'Compact',
    'Lightweight',
    'Eco',
    'Deluxe',
    'Slim',
    'Pro',
    'Essential',
    'Vintage',
    'Smart',
    'Ultra',
  ],
  zh: ['经典', '高级', '轻便', '环保', '豪华', '专业'],
  ja: ['クラシック', 'プレミアム', 'コンパクト', '軽量', 'エコ'],
  ko: ['클래식', '프리미엄', '컴팩트', '초경량', '친환경'],
  th: ['คลาสสิก', 'พรีเมียม', 'ขนาดกะทัดรัด', 'น้ำหนักเบา', 'รักษ์โลก'],
};

const FEATURES: Record<Lang, string[]> = {
  en: [
    'Gift Box',
    'Set of 2',
    'Limited Edition',
    'Free Shipping',
    'Water Resistant',
    '2025 Model',
    'Travel Size',
    'Family Pack',
  ],
  zh: ['礼盒装', '两件套', '限量版', '包邮', '防水'],
  ja: ['ギフトボックス', '2個セット', '限定版', '送料無料', '防水'],
  ko: ['선물 상자', '2개 세트', '한정판', '무료 배송', '방수'],
  th: ['กล่องของขวัญ', 'ชุด 2 ชิ้น', 'รุ่นลิมิเต็ด', 'ส่งฟรี', 'กันน้ำ'],
};

const BRANDS = [
  'Aurora',
  'Nimbus',
  'Kestrel',
  'Solace',
  'Vireo',
  'Tundra',
  'Halcyon',
  'Lumen',
  'Zephyr',
  'Marlow',
  'Cobalt',
  'Juniper',
];

const SHOP_FIRST = [
  'Blue',
  'Golden',
  'Urban',
  'Sunny',
  'Maple',
  'Harbor',
  'Silver',
  'Cedar',
  'Coral',
  'Nova',
  'Olive',
  'River',
  'Summit',
  'Willow',
  'Amber',
  'Lotus',
];
const SHOP_SECOND = [
  'Goods',
  'Market',
  'Outlet',
  'Store',
  'Bazaar',
  'Corner',
  'Depot',
  'Studio',
  'House',
  'Supply',
  'Emporium',
  'Traders',
  'Shop',
];
const SHOP_NATIVE = [
  '星光数码',
  '云朵家居',
  'さくら雑貨',
  'ひかり書房',
  '한빛 마켓',
  '푸른 상점',
  'ร้านสยามช้อป',
  'บ้านสวยช้อป',
];

const SEED_EPOCH = 1735689600;

const escapeHtml = (text: string) =>
  text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c);

const DESCRIPTION: Record<Lang, (noun: string, feature: string, shop: string) => string> = {
  en: (n, f, s) => `A ${n.toLowerCase()} made to last, ${f.toLowerCase()}. Sold and shipped by ${s}.`,
  zh: (n, f, s) => `${n}，${f}，品质可靠。由${s}发货。`,
  ja: (n, f, s) => `長く使える${n}（${f}）。${s}より発送します。`,
  ko: (n, f, s) => `오래 쓰는 ${n}, ${f}. ${s}에서 발송합니다.`,
  th: (n, f, s) => `${n} คุณภาพดี ${f} จัดส่งโดย ${s}`,
};

interface Draw {
  rand: () => number;
  pick: <T>(list: readonly T[]) => T;
  int: (min: number, max: number) => number;
}

const count = (db: Db, table: string) =>
  db.prepare<[], { n: number }>(`SELECT COUNT(*) AS n FROM ${table}`).get()?.n ?? 0;
const maxId = (db: Db, table: string) =>
  db.prepare<[], { n: number | null }>(`SELECT MAX(id) AS n FROM ${table}`).get()?.n ?? 0;

/** The k-th generated shop name: the native names first, then combinations of the two lists. */
const shopName = (k: number) =>
  k < SHOP_NATIVE.length
    ? SHOP_NATIVE[k]!
    : `${SHOP_FIRST[k % SHOP_FIRST.length]} ${SHOP_SECOND[Math.floor(k / SHOP_FIRST.length) % SHOP_SECOND.length]}${k >= SHOP_FIRST.length * SHOP_SECOND.length ? ` ${Math.floor(k / (SHOP_FIRST.length * SHOP_SECOND.length)) + 1}` : ''}`;

/** Shops with new names until there are `total`. */
function addShops(db: Db, { int }: Draw, total: number): void {
  const shop = db.prepare(
    `INSERT INTO shops (id, name, avatar, banner, intro, custom_service, base_fans, base_sales, favorable_bp, is_hot, sort, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`,
  );
  const shopBanner = db.prepare('INSERT INTO shop_banners (shop_id, image, sort) VALUES (?, ?, ?)');
  const names = new Set(
    db
      .prepare<[], { name: string }>('SELECT name FROM shops')
      .all()
      .map((s) => s.name),
  );
  let shopId = maxId(db, 'shops');
  for (let made = count(db, 'shops'), k = 0; made < total; k++) {
    const name = shopName(k);
    if (names.has(name)) continue;
    names.add(name);
    shopId++;
    made++;
    shop.run(
      shopId,
      name,
      `/media/shop/${shopId}.svg`,
      `/media/shop-banner/${shopId}.svg`,
      'Quality goods at fair prices',
      `/media/service.html?shop=${shopId}`,
      int(50, 5000),
      int(100, 20000),
      int(9000, 9990),
      shopId,
      SEED_EPOCH - int(30, 900) * 86400,
    );
    shopBanner.run(shopId, `/media/shop-banner/${shopId}-1.svg`, 1);
  }
}

/** A product's title: a brand, a quality, the product word and a feature, in the language's order. */
function titleOf({ pick }: Draw, lang: Lang, quality: string, noun: string, feature: string): string {
  return lang === 'en'
    ? `${pick(BRANDS)} ${quality} ${noun}, ${feature}`
    : lang === 'zh' || lang === 'ja'
      ? `${pick(BRANDS)} ${quality}${noun} ${feature}`
      : `${pick(BRANDS)} ${quality} ${noun} ${feature}`;
}

/** Products over every shop and category until there are `total`. */
function addProducts(db: Db, draw: Draw, total: number): void {
  const { rand, pick, int } = draw;
  const categoryIds = new Map(
    db
      .prepare<[], { id: number; name_en: string }>('SELECT id, name_en FROM categories')
      .all()
      .map((c) => [c.name_en, c.id]),
  );
  const allShops = db.prepare<[], { id: number; name: string }>('SELECT id, name FROM shops ORDER BY id').all();
  const product = db.prepare(
    `INSERT INTO products (id, shop_id, category_id, title, short_name, price_cents, market_price_cents, stock, sales, clicks, image, content_html, is_hot, status, sort, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 1, ?, ?)`,
  );
  const image = db.prepare('INSERT INTO product_images (product_id, image, sort) VALUES (?, ?, ?)');
  const langs: Lang[] = ['zh', 'ja', 'ko', 'th'];
  let id = maxId(db, 'products');
  for (let made = count(db, 'products'); made < total; made++) {
    id++;
    const category = CATEGORIES[id % CATEGORIES.length]!;
    // One product in four is titled in Chinese, Japanese, Korean or Thai.
    const lang: Lang = rand() < 0.25 ? pick(langs) : 'en';
    const noun = pick(NOUNS[category.key]![lang]);
    const quality = pick(QUALITIES[lang]);
    const feature = pick(FEATURES[lang]);
    const title = titleOf(draw, lang, quality, noun, feature);
    const seller = allShops[int(0, allShops.length - 1)]!;
    const priceCents = int(199, 99999);
    const sales = int(0, 5000);
    const base = `/media/product/${id}`;
    const html = [
      `<p>${escapeHtml(DESCRIPTION[lang](noun, feature, seller.name))}</p>`,
      `<p><img src="${base}-1.svg" alt="${escapeHtml(title)}" width="600" height="600"></p>`,
      '<p>Delivery in 5-10 business days. Free returns within 7 days of receipt.</p>',
    ].join('');
    product.run(
      id,
      seller.id,
      categoryIds.get(category.name_en),
      title,
      noun,
      priceCents,
      Math.round(priceCents * (1.1 + rand() * 0.5)),
      // About one product in ten is sold out ('in stock only' hides it).
      rand() < 0.1 ? 0 : int(1, 900),
      sales,
      sales * 3 + ((id * 7919) % 500) + 40,
      `${base}.svg`,
      html,
      id,
      SEED_EPOCH - int(1, 400) * 86400,
    );
    for (let v = 0; v < 3; v++) image.run(id, v === 0 ? `${base}.svg` : `${base}-${v}.svg`, v);
  }
}

/**
 * Adds shops until there are `shops`, then products until there are `products` (the demo's
 * included), in one transaction. Runs after the demo seed on the same database.
 */
export function seedLarge(db: Db, opts: { products: number; shops: number }): void {
  const rand = prng(20251124);
  const draw: Draw = {
    rand,
    pick: <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!,
    int: (min: number, max: number) => min + Math.floor(rand() * (max - min + 1)),
  };
  db.transaction(() => {
    addShops(db, draw, opts.shops);
    addProducts(db, draw, opts.products);
  })();
}
