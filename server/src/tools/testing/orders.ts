/**
 * Seeded goods and an address the order tests check out with. Products without specs: 18 green tea
 * (shop 7, 12.50), 10 building blocks (shop 8, 35.99); demo freight is 5.00 per shop, free from 99.00
 * of that shop's goods.
 */
export const TEA = { mer_id: 7, product_id: 18, id: 18, spec: '' };
export const BLOCKS = { mer_id: 8, product_id: 10, id: 10, spec: '' };

/** A valid Thai delivery address (quhao 66). */
export const ADDRESS = {
  name: 'Test Shopper',
  quhao: '66',
  mobile: '812345678',
  country: 'Thailand, Bangkok',
  detail: '1 Sukhumvit Road',
  tag: 'Home',
  is_default: 1,
};
