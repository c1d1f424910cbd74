/**
 * Shipping addresses under /api/user: listAddresses (address_list), getAddress (address),
 * saveAddress (address_add, also edits with address_id), setDefaultAddress (address_set_default)
 * and deleteAddress (address_del). The rules are in address-book.ts.
 */
import { Router } from 'express';
import type { CountryCode } from 'libphonenumber-js';
import type { Db } from '../../platform/db';
import { deleteAddress, getAddress, listAddresses, saveAddress, setDefaultAddress } from './address.handlers';

export interface AddressDeps {
  db: Db;
  /** Region of a mobile sent without a calling code (DEFAULT_REGION). */
  defaultRegion: CountryCode;
}

export function addressRouter(deps: AddressDeps): Router {
  const r = Router();
  r.get('/api/user/address_list', listAddresses(deps));
  r.get('/api/user/address', getAddress(deps));
  r.post('/api/user/address_add', saveAddress(deps));
  r.post('/api/user/address_set_default', setDefaultAddress(deps));
  r.get('/api/user/address_del', deleteAddress(deps));
  return r;
}
