/** Demo catalogue data: shops, categories and product templates. Plain data, no logic. */

/**
 * key: this file's own name for the category (SHOPS and PRODUCTS use it); name_en: the translation
 * key clients receive, spelled as the backend family spells it (BACKEND-FAMILY.md, Catalog); names:
 * its names in the five interface languages (the SPA's catalog.category.* texts; search finds a
 * category's products by any of them), as migration 11 sets them on existing databases.
 */
export const CATEGORIES: ReadonlyArray<{ key: string; name: string; name_en: string; names: string }> = [
  { key: 'computer', name: 'Computer', name_en: 'computer', names: 'Computers 电脑 パソコン 컴퓨터 คอมพิวเตอร์' },
  {
    key: 'electrical_equipment',
    name: 'Electrical Equipment',
    name_en: 'electrical equipment',
    names: 'Electrical appliances 电器 家電 가전제품 เครื่องใช้ไฟฟ้า',
  },
  { key: 'outdoors', name: 'Outdoors', name_en: 'outdoors', names: 'Outdoors 户外 アウトドア 아웃도어 กิจกรรมกลางแจ้ง' },
  {
    key: 'family_life',
    name: 'Family Life',
    name_en: 'family life',
    names: 'Home & living 家居生活 生活用品 생활용품 ของใช้ในบ้าน',
  },
  { key: 'health', name: 'Health', name_en: 'health', names: 'Health 健康 ヘルスケア 건강 สุขภาพ' },
  {
    key: 'mens_clothing',
    name: "Men's Clothing",
    name_en: "Men's clothing",
    names: "Men's clothing 男装 メンズファッション 남성 의류 เสื้อผ้าผู้ชาย",
  },
  {
    key: 'womens_clothing',
    name: "Women's Clothing",
    name_en: "Women's clothing",
    names: "Women's clothing 女装 レディースファッション 여성 의류 เสื้อผ้าผู้หญิง",
  },
  { key: 'food', name: 'Food', name_en: 'food', names: 'Food 食品 食品 식품 อาหาร' },
  {
    key: 'mobile_phone',
    name: 'Mobile Phone',
    name_en: 'mobile phone',
    names: 'Mobile phones 手机 スマートフォン 휴대폰 โทรศัพท์มือถือ',
  },
  { key: 'toys', name: 'Toys', name_en: 'Toys', names: 'Toys 玩具 おもちゃ 장난감 ของเล่น' },
];

export interface ShopSeed {
  name: string;
  intro: string;
  /** keys (CATEGORIES) of the categories this shop sells. */
  categories: string[];
}

export const SHOPS: readonly ShopSeed[] = [
  {
    name: 'Northwind Electronics',
    intro: 'Laptops, gadgets and smart home',
    categories: ['computer', 'electrical_equipment'],
  },
  { name: 'Trailhead Outfitters', intro: 'Gear for every trail', categories: ['outdoors', 'mens_clothing'] },
  {
    name: 'Casa Bonita Home',
    intro: 'Make every day feel like home',
    categories: ['family_life', 'electrical_equipment'],
  },
  { name: 'Green Leaf Wellness', intro: 'Feel good, live well', categories: ['health', 'food'] },
  { name: 'Urban Thread', intro: 'Everyday style for the city', categories: ['mens_clothing', 'womens_clothing'] },
  { name: 'Bloom and Bow', intro: 'Dresses, knits and little luxuries', categories: ['womens_clothing', 'health'] },
  { name: 'Pantry Pioneers', intro: 'Fine food from around the world', categories: ['food', 'family_life'] },
  { name: 'Playful Planet', intro: 'Toys that spark imagination', categories: ['toys', 'outdoors'] },
  { name: 'Pixel Mobile Hub', intro: 'Phones, wearables and accessories', categories: ['mobile_phone', 'computer'] },
];

export type SpecSeed = Record<string, string[]>;

/** [short name (on the picture), full title, price, market price, specs] */
export type ProductSeed = [string, string, string, string, SpecSeed?];

const plug = { Plug: ['US', 'EU', 'UK'] };
const sml = ['S', 'M', 'L', 'XL'];

export const PRODUCTS: Record<string, ProductSeed[]> = {
  computer: [
    [
      'UltraBook 14',
      '14" UltraBook Pro Laptop, 16GB RAM, 512GB SSD',
      '899.00',
      '1099.00',
      { Color: ['Silver', 'Space Gray'], Storage: ['512GB', '1TB'] },
    ],
    [
      'Mech Keyboard',
      'Mechanical Keyboard with RGB Backlight, Hot-Swappable Brown Switches',
      '69.99',
      '89.99',
      { Layout: ['US', 'UK', 'DE'], Color: ['Black', 'White'] },
    ],
    [
      'Wireless Mouse',
      'Ergonomic Wireless Mouse, Silent Click, 2.4G and Bluetooth',
      '24.99',
      '34.99',
      { Color: ['Black', 'White', 'Pink'] },
    ],
    [
      '4K Monitor',
      '27-inch 4K IPS Monitor with USB-C 65W and HDR400',
      '329.00',
      '399.00',
      { Stand: ['Standard', 'Height Adjustable'] },
    ],
    [
      'USB-C Hub',
      '7-in-1 USB-C Hub with 4K HDMI, SD Reader and 100W PD',
      '29.99',
      '45.00',
      { Color: ['Gray', 'Silver'] },
    ],
    [
      'Laptop Stand',
      'Aluminium Laptop Stand, Adjustable Height, Foldable',
      '35.50',
      '49.00',
      { Color: ['Silver', 'Black'] },
    ],
    ['HD Webcam', 'Full HD 1080p Webcam with Dual Microphones and Privacy Cover', '39.90', '59.90'],
  ],
  electrical_equipment: [
    [
      'Air Fryer 5L',
      'Digital Air Fryer 5L with 8 Presets and Dishwasher-Safe Basket',
      '79.00',
      '119.00',
      { Color: ['Black', 'White'], ...plug },
    ],
    [
      'Robot Vacuum',
      'Robot Vacuum Cleaner with LiDAR Navigation and App Control',
      '249.00',
      '329.00',
      { Color: ['Black', 'White'] },
    ],
    [
      'Hair Dryer',
      'Ionic Hair Dryer 1800W with Diffuser and Concentrator',
      '45.99',
      '69.99',
      { Color: ['Rose', 'Black'], ...plug },
    ],
    ['Smart Plugs', 'Wi-Fi Smart Plug 4-Pack with Energy Monitoring', '27.99', '39.99', plug],
    ['Electric Kettle', 'Stainless Steel Electric Kettle 1.7L with Temperature Control', '38.00', '52.00', plug],
    ['Desk Fan', 'Quiet Bladeless Desk Fan with Remote, 9 Speeds', '59.00', '79.00', { Color: ['White', 'Gray'] }],
    [
      'Power Bank',
      '20000mAh Power Bank, 22.5W Fast Charge, USB-C In and Out',
      '32.99',
      '45.99',
      { Color: ['Black', 'Blue', 'White'] },
    ],
  ],
  outdoors: [
    [
      'Trail Tent',
      'Ultralight 2-Person Backpacking Tent, Waterproof 3000mm',
      '129.00',
      '169.00',
      { Color: ['Green', 'Orange'] },
    ],
    [
      'Hiking Pack 40L',
      '40L Hiking Backpack with Rain Cover and Hydration Sleeve',
      '59.90',
      '79.90',
      { Color: ['Black', 'Navy', 'Olive'] },
    ],
    [
      'Sleeping Bag',
      'Mummy Sleeping Bag, Comfort 5°C, Compact Stuff Sack',
      '49.50',
      '65.00',
      { Size: ['Regular', 'Long'] },
    ],
    ['LED Lantern', 'Rechargeable LED Camping Lantern, 1000 Lumens', '22.99', '29.99'],
    ['Trekking Poles', 'Carbon Trekking Poles, Pair, Quick Lock', '44.00', '58.00', { Color: ['Black', 'Red'] }],
    [
      'Steel Bottle',
      'Vacuum Insulated Water Bottle 750ml, Keeps Cold 24h',
      '19.99',
      '27.99',
      { Color: ['Black', 'Teal', 'Sand'] },
    ],
    [
      'Camp Chair',
      'Folding Camping Chair with Cup Holder, 150kg Capacity',
      '34.90',
      '45.00',
      { Color: ['Blue', 'Gray'] },
    ],
  ],
  family_life: [
    ['Towel Set', 'Egyptian Cotton Bath Towel Set, 6 Pieces', '42.00', '58.00', { Color: ['White', 'Gray', 'Sage'] }],
    ['Ceramic Pan', 'Ceramic Nonstick Frying Pan, Induction Ready', '36.99', '49.99', { Size: ['24cm', '28cm'] }],
    ['Storage Boxes', 'Stackable Storage Boxes with Lids, Set of 4', '25.50', '32.00', { Color: ['Clear', 'White'] }],
    [
      'Duvet Set',
      'Microfiber Duvet Cover Set, 3 Pieces',
      '48.00',
      '69.00',
      { Size: ['Twin', 'Queen', 'King'], Color: ['Ivory', 'Navy'] },
    ],
    [
      'Soy Candle',
      'Soy Wax Scented Candle, 50 Hour Burn',
      '14.99',
      '19.99',
      { Scent: ['Lavender', 'Vanilla', 'Cedar'] },
    ],
    ['Knife Block', 'Stainless Steel Kitchen Knife Set with Block, 8 Pieces', '69.00', '95.00'],
    ['Laundry Basket', 'Collapsible Laundry Basket with Handles, 60L', '18.50', '24.00', { Color: ['Gray', 'Beige'] }],
  ],
  health: [
    ['Yoga Mat', 'Non-Slip Yoga Mat 6mm with Carry Strap', '27.90', '35.90', { Color: ['Purple', 'Blue', 'Black'] }],
    ['Vitamin C', 'Vitamin C 1000mg Tablets', '16.50', '22.00', { Size: ['60 tablets', '120 tablets'] }],
    [
      'Fit Tracker',
      'Fitness Tracker with Heart Rate and Sleep Monitor',
      '49.99',
      '69.99',
      { Color: ['Black', 'Pink'] },
    ],
    [
      'Massage Gun',
      'Percussion Massage Gun with 6 Heads and Quiet Motor',
      '89.00',
      '129.00',
      { Color: ['Black', 'Gray'] },
    ],
    ['BP Monitor', 'Upper Arm Blood Pressure Monitor with Large Cuff', '39.99', '54.99'],
    ['Resistance Bands', 'Resistance Bands Set of 5 with Door Anchor', '21.00', '29.00'],
    [
      'Sonic Toothbrush',
      'Sonic Electric Toothbrush with 4 Heads and 5 Modes',
      '33.90',
      '46.00',
      { Color: ['White', 'Black', 'Pink'] },
    ],
  ],
  mens_clothing: [
    [
      'Oxford Shirt',
      "Men's Slim Fit Oxford Shirt, Long Sleeve",
      '29.99',
      '39.99',
      { Color: ['White', 'Blue'], Size: sml },
    ],
    [
      'Chino Pants',
      "Men's Stretch Chino Pants, Straight Leg",
      '34.50',
      '45.00',
      { Color: ['Khaki', 'Navy', 'Black'], Size: ['30', '32', '34', '36'] },
    ],
    [
      'Down Jacket',
      "Men's Lightweight Packable Down Jacket",
      '79.00',
      '109.00',
      { Color: ['Black', 'Navy'], Size: sml },
    ],
    [
      'Polo Shirt',
      "Men's Classic Cotton Polo Shirt",
      '19.99',
      '26.99',
      { Color: ['White', 'Black', 'Green'], Size: sml },
    ],
    ['Run Shoes', "Men's Breathable Running Shoes", '54.90', '74.90', { Size: ['40', '41', '42', '43', '44'] }],
    ['Denim Jacket', "Men's Classic Denim Jacket", '49.00', '65.00', { Size: sml }],
    ['Wool Beanie', "Men's Merino Wool Beanie", '15.00', '20.00', { Color: ['Gray', 'Black', 'Navy'] }],
  ],
  womens_clothing: [
    [
      'Wrap Dress',
      "Women's Floral Wrap Midi Dress",
      '39.99',
      '55.99',
      { Color: ['Blue', 'Red'], Size: ['S', 'M', 'L'] },
    ],
    [
      'Knit Cardigan',
      "Women's Oversized Knit Cardigan",
      '32.00',
      '44.00',
      { Color: ['Cream', 'Camel', 'Black'], Size: ['S', 'M', 'L'] },
    ],
    ['High-Rise Jeans', "Women's High-Rise Skinny Jeans", '36.50', '49.00', { Size: ['24', '26', '28', '30'] }],
    [
      'Trench Coat',
      "Women's Double-Breasted Trench Coat",
      '89.00',
      '125.00',
      { Color: ['Beige', 'Black'], Size: ['S', 'M', 'L'] },
    ],
    [
      'Silk Blouse',
      "Women's Silk Satin Blouse, Long Sleeve",
      '42.00',
      '58.00',
      { Color: ['Ivory', 'Blush'], Size: ['S', 'M', 'L'] },
    ],
    ['Pleated Skirt', "Women's Pleated Midi Skirt with Elastic Waist", '27.99', '37.99', { Color: ['Green', 'Black'] }],
    [
      'Ankle Boots',
      "Women's Leather Ankle Boots, Block Heel",
      '64.90',
      '89.90',
      { Size: ['36', '37', '38', '39', '40'] },
    ],
  ],
  food: [
    [
      'Arabica Beans',
      'Single-Origin Arabica Coffee Beans 1kg, Medium Roast',
      '24.90',
      '32.00',
      { Grind: ['Whole Bean', 'Ground'] },
    ],
    ['Sencha Tea', 'Japanese Sencha Green Tea, 100 Bags', '12.50', '16.00'],
    ['Mixed Nuts', 'Roasted Mixed Nuts, Unsalted, 1kg', '18.99', '24.99'],
    ['Dark Chocolate', 'Dark Chocolate 72% Cocoa, 10 Bars', '21.00', '28.00'],
    ['Olive Oil', 'Extra Virgin Olive Oil, Cold Pressed, 1L', '15.99', '21.99'],
    ['Manuka Honey', 'Manuka Honey MGO 263+, 500g', '39.00', '52.00'],
    ['Ramen Box', 'Instant Ramen Variety Box, 20 Packs', '19.50', '25.00', { Flavor: ['Spicy', 'Original', 'Mixed'] }],
  ],
  mobile_phone: [
    [
      'Orbit X12',
      'Orbit X12 Smartphone 6.7" AMOLED, 5G',
      '599.00',
      '699.00',
      { Color: ['Midnight', 'Silver', 'Blue'], Storage: ['128GB', '256GB'] },
    ],
    [
      'Nova Lite 5G',
      'Nova Lite 5G Smartphone 6.5", 128GB, Dual SIM',
      '229.00',
      '279.00',
      { Color: ['Black', 'Green'] },
    ],
    [
      'ANC Earbuds',
      'True Wireless Earbuds with Active Noise Cancelling',
      '59.99',
      '89.99',
      { Color: ['White', 'Black'] },
    ],
    [
      'Clear Case',
      'Shockproof Clear Phone Case with Magnetic Ring',
      '12.99',
      '18.99',
      { Model: ['Orbit X12', 'Nova Lite'] },
    ],
    ['GaN Charger', '65W GaN Fast Charger with 3 Ports', '29.90', '39.90', plug],
    [
      'Smart Watch',
      'Smart Watch with GPS, AMOLED and 14-Day Battery',
      '119.00',
      '159.00',
      { Color: ['Black', 'Silver'], Size: ['42mm', '46mm'] },
    ],
    ['Car Mount', 'Magnetic Car Phone Mount for Air Vent', '14.50', '19.50'],
  ],
  toys: [
    ['Build Blocks', 'Creative Building Blocks Set, 1000 Pieces', '35.99', '49.99'],
    ['RC Car', 'Remote Control Off-Road Car, 1:16 Scale, 30km/h', '45.00', '62.00', { Color: ['Red', 'Blue'] }],
    ['Plush Bear', 'Soft Plush Teddy Bear 40cm', '18.99', '25.99', { Color: ['Brown', 'Cream'] }],
    ['World Puzzle', 'Jigsaw Puzzle 1000 Pieces, World Map', '16.50', '22.00'],
    ['Wooden Train', 'Wooden Train Set with 50 Pieces', '39.90', '54.90'],
    ['Kids Tablet', 'Kids LCD Drawing Tablet 10 inch', '12.99', '17.99', { Color: ['Blue', 'Pink'] }],
    ['Board Game', 'Family Strategy Board Game for 2-6 Players', '29.00', '39.00'],
  ],
};

export const REVIEWERS = [
  'Lena Park',
  'Marco Rossi',
  'Aiko Tanaka',
  'Somchai Kaew',
  'Wei Zhang',
  'Emma Brown',
  'Jin Lee',
  'Noah Smith',
];

export const REVIEW_TEXTS = [
  'Exactly as described and arrived quickly. Very happy with it.',
  'Good quality for the price. Packaging was neat.',
  'Works great, I would buy from this shop again.',
  'Nice product, the colour is a little different from the photo but still lovely.',
  'Fast delivery and friendly customer service.',
  'Solid build. Five stars from me.',
];

export const KEYWORDS: ReadonlyArray<[string, number]> = [
  ['phone', 980],
  ['laptop', 870],
  ['dress', 760],
  ['earbuds', 640],
  ['coffee', 530],
  ['tent', 420],
  ['yoga mat', 310],
  ['building blocks', 220],
];
