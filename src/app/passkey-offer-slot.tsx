import { useEffect, useState } from 'react';
import { loadEnglish } from '../shared/i18n/messages';
import { passkeysSupported } from '../shared/lib/passkey-support';
import { useAppSelector } from '../store/hooks';
import { selectSignedInWith, selectUserInfo } from '../store/session.slice';

type OfferModule = typeof import('../features/account/components/passkey-offer');

/**
 * The offer's sheet, form, texts and the decision itself load only after a login with the password
 * (never with the app's entry), before the sheet renders, so it opens at once.
 */
const loadOffer = (): Promise<OfferModule> =>
  Promise.all([
    import(/* webpackChunkName: "passkey-offer" */ '../features/account/components/passkey-offer'),
    loadEnglish('screens'),
  ]).then(([module]) => module);

/**
 * A passkey is offered once per account and device, right after a login with the password, when the
 * backend has passkeys (getUserInfo names how many), they can work on this page (its code is not even
 * loaded where they cannot) and the device can make one (the offer's shouldOfferPasskey).
 */
export function PasskeyOfferSlot() {
  const signedInWith = useAppSelector(selectSignedInWith);
  const user = useAppSelector(selectUserInfo);
  const [offer, setOffer] = useState<{ account: string; Offer: OfferModule['default'] } | null>(null);
  const account = user?.username;
  const backendHasPasskeys = user?.passkeys !== undefined;

  useEffect(() => {
    if (signedInWith !== 'password' || !account || !backendHasPasskeys || !passkeysSupported()) return undefined;
    let live = true;
    void (async () => {
      const module = await loadOffer();
      if (live && (await module.shouldOfferPasskey(account)) && live) setOffer({ account, Offer: module.default });
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [signedInWith, account, backendHasPasskeys]);

  if (!user || offer?.account !== user.username) return null;
  return <offer.Offer user={user} onDone={() => setOffer(null)} />;
}
