import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { api, useToggleProductLikeMutation, useToggleShopFollowMutation } from '../../../api';
import { toast } from '../../../shared/ui/toast';
import type { RootState } from '../../../store/make-store';
import { useAppDispatch } from '../../../store/hooks';
import { useRequireLogin } from './use-require-login';

type Patch = { undo: () => void };

/**
 * Likes and follows: the heart or the Follow button changes at once (the cached product or shop
 * pages are patched), then settles to what the server answered; a failure puts it back. The tags
 * in api/enhance.ts then refetch every page that shows it, so lists and counts follow.
 * While the call is under way the heart also keeps the asked state locally: a page read that was
 * already in flight would otherwise land over the cache patch and flip it back for a moment.
 */
export function useToggleLike() {
  const dispatch = useAppDispatch();
  const requireLogin = useRequireLogin();
  const [toggleLike, state] = useToggleProductLikeMutation();
  const [pending, setPending] = useState<{ productId: number; value: 0 | 1 } | null>(null);

  const setLiked = useCallback(
    (productId: number, value: 0 | 1): Patch[] =>
      dispatch((_, getState) =>
        api.util
          .selectCachedArgsForQuery(getState() as RootState, 'getProductDetail')
          .filter((args) => args.productId === productId)
          .map((args) =>
            dispatch(
              api.util.updateQueryData('getProductDetail', args, (draft) => {
                if (draft.code === 1) draft.data.is_like = value;
              }),
            ),
          ),
      ),
    [dispatch],
  );

  const toggle = useCallback(
    async (product: { product_id: number; mer_id: number }, current: 0 | 1): Promise<0 | 1 | null> => {
      if (!requireLogin()) return null;
      const patches = setLiked(product.product_id, current ? 0 : 1);
      setPending({ productId: product.product_id, value: current ? 0 : 1 });
      try {
        // The state wanted, not a toggle: a retry after a lost answer cannot undo the first (contract, is_like).
        const result = await toggleLike({
          likeRequest: { product_id: product.product_id, mer_id: product.mer_id, is_like: current ? 0 : 1 },
        }).unwrap();
        // The family answers data null: then the toggle did what was asked.
        const now = result.code === 1 ? (result.data?.is_like ?? (current ? 0 : 1)) : current;
        setLiked(product.product_id, now);
        return now;
      } catch {
        // The request layer has shown why; the heart goes back, and the failed call's tags re-read the
        // page (api/enhance.ts), so it shows what the server holds when the answer was only lost.
        patches.forEach((patch) => patch.undo());
        return null;
      } finally {
        setPending(null);
      }
    },
    [requireLogin, setLiked, toggleLike],
  );

  /** The heart to show for a product whose page says `stored`. */
  const likedOf = (productId: number, stored: 0 | 1): 0 | 1 =>
    pending?.productId === productId ? pending.value : stored;

  return { toggle, likedOf, busy: state.isLoading };
}

/** Follow or unfollow a shop, announcing 'Follow Success' or that it was unfollowed. */
export function useToggleFollow() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const requireLogin = useRequireLogin();
  const [toggleFollow, state] = useToggleShopFollowMutation();

  const setFollowed = useCallback(
    (merId: number, value: 0 | 1): Patch[] =>
      dispatch((_, getState) =>
        api.util
          .selectCachedArgsForQuery(getState() as RootState, 'getShopDetail')
          .filter((args) => args.merId === merId)
          .map((args) =>
            dispatch(
              api.util.updateQueryData('getShopDetail', args, (draft) => {
                if (draft.code !== 1 || draft.data.is_follow === value) return;
                if (draft.data.fans !== undefined) draft.data.fans = Math.max(0, draft.data.fans + (value ? 1 : -1));
                draft.data.is_follow = value;
              }),
            ),
          ),
      ),
    [dispatch],
  );

  const toggle = useCallback(
    async (merId: number, current: 0 | 1): Promise<0 | 1 | null> => {
      if (!requireLogin()) return null;
      const patches = setFollowed(merId, current ? 0 : 1);
      try {
        const result = await toggleFollow({ followRequest: { mer_id: merId, is_follow: current ? 0 : 1 } }).unwrap();
        const now = result.code === 1 ? (result.data?.is_follow ?? (current ? 0 : 1)) : current;
        setFollowed(merId, now);
        toast.success(intl.formatMessage({ id: now ? 'catalog.shop.followSuccess' : 'catalog.shop.unfollowSuccess' }));
        return now;
      } catch {
        patches.forEach((patch) => patch.undo());
        return null;
      }
    },
    [intl, requireLogin, setFollowed, toggleFollow],
  );

  return { toggle, busy: state.isLoading };
}
