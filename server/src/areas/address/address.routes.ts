/**
 * Shipping addresses under /api/user: listAddresses (address_list), getAddress (address),
 * saveAddress (address_add, also edits with address_id), setDefaultAddress (address_set_default)
 * and deleteAddress (address_del). The rules are in address-book.ts.
 */
import { Router } from 'express';
import type { AddressDeps } from './address.deps';
import { deleteAddress, getAddress, listAddresses, saveAddress, setDefaultAddress } from './address.handlers';

export function addressRouter(deps: AddressDeps): Router {
  const r = Router();
  r.get('/api/user/address_list', listAddresses(deps));
  r.get('/api/user/address', getAddress(deps));
  r.post('/api/user/address_add', saveAddress(deps));
  r.post('/api/user/address_set_default', setDefaultAddress(deps));
  r.get('/api/user/address_del', deleteAddress(deps));
  return r;
}
