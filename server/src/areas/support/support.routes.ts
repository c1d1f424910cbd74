/**
 * Support: the platform's info (/api/index/index), help and the legal text, and a shop's customer
 * service link. The chat page that link opens is served by web/media.
 */
import { Router } from 'express';
import type { SupportDeps } from './support.deps';
import { getHelpSupport, getLaw, getPlatform, getShopService } from './support.handlers';

export function supportRouter(deps: SupportDeps): Router {
  const r = Router();
  r.get('/api/index/index', getPlatform(deps));
  r.get('/api/user/help_support', getHelpSupport(deps));
  r.get('/api/user/law', getLaw(deps));
  r.get('/api/user/get_shops_kf', getShopService(deps));
  return r;
}
