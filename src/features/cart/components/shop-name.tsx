import { useIntl } from 'react-intl';
import { useGetShopDetailQuery } from '../../../api';

/**
 * A shop's name. The bag's lines carry only mer_id (getCart has no shop name: a contract gap reported
 * with issue 6), so the name comes from the shop's public detail, one small cached request per shop.
 */
export function useShopName(merId: number): string {
  const intl = useIntl();
  const { data } = useGetShopDetailQuery({ merId, page: 1, limit: 1 });
  return data?.data?.mer_name || intl.formatMessage({ id: 'cart.shop.fallback' }, { id: merId });
}
