import { useEffect, useState, type ComponentType } from 'react';
import type { UserInfo } from '../api';
import { loadEnglish } from '../shared/i18n/messages';
import { deviceCanMakePasskey, notePasskeyOffered, passkeyOffered, passkeysOnThisDevice } from '../shared/lib/passkey';
import { useAppSelector } from '../store/hooks';
import { selectSignedInWith, selectUserInfo } from '../store/session.slice';

type Offer = ComponentType<{ user: UserInfo; onDone: () => void }>;

/**
 * The sheet, its form and its texts load only for a shopper who is offered a passkey; they are loaded
 * before the sheet renders, so it opens at once, with no Suspense fallback in between.
 */
const loadOffer = () =>
  Promise.all([
    import(/* webpackChunkName: "passkey-offer" */ '../features/account/components/passkey-offer'),
    loadEnglish('signin'),
  ]).then(([module]) => module.default as Offer);

/**
 * A passkey is offered once per account and device, right after a login with the password, when the
 * backend has passkeys (getUserInfo names how many), this device holds none of the account's and can
 * make one (a platform authenticator that verifies its owner).
 */
export function PasskeyOfferSlot() {
  const signedInWith = useAppSelector(selectSignedInWith);
  const user = useAppSelector(selectUserInfo);
  const [offer, setOffer] = useState<{ account: string; Offer: Offer } | null>(null);
  const account = user?.username;
  const backendHasPasskeys = user?.passkeys !== undefined;

  useEffect(() => {
    if (signedInWith !== 'password' || !account || !backendHasPasskeys) return undefined;
    if (passkeyOffered(account) || passkeysOnThisDevice(account).length) return undefined;
    let live = true;
    void (async () => {
      if (!(await deviceCanMakePasskey()) || !live) return;
      const Offer = await loadOffer();
      if (!live) return;
      // Once, whatever the shopper answers (or if they leave it open and go away).
      notePasskeyOffered(account);
      setOffer({ account, Offer });
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [signedInWith, account, backendHasPasskeys]);

  if (!user || offer?.account !== user.username) return null;
  return <offer.Offer user={user} onDone={() => setOffer(null)} />;
}
