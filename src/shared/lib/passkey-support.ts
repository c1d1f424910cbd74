// Whether passkeys can work here at all: apart from ./passkey.ts, so a screen that only asks (the
// login screen, before it loads its passkey code at idle) carries nothing else of it.

/** An IPv4 address in the dotted form URL gives it, or an IPv6 one in brackets. */
const IP_ADDRESS = /^(?:\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;

/**
 * Whether a page on `hostname` can have passkeys at all: the relying party ID is a domain, the page's
 * host or one it is under, and browsers refuse an IP address as one (WebAuthn, "relying party
 * identifier"). The reference server's RP ID is its public host (PUBLIC_URL), else localhost
 * (server/src/shared/passkeys.ts): a page opened by a name is opened by one of those, and a page opened
 * by 127.0.0.1, [::1] or a LAN address can make and use none, although 127.0.0.1 is a secure context.
 * The RP ID each ceremony names is still checked against the host (rpIdFitsHere).
 */
export function hostCanBeRelyingParty(hostname: string): boolean {
  return hostname !== '' && !IP_ADDRESS.test(hostname);
}

/**
 * Whether passkeys can work on this page, known at once (no request), so a screen decides at its first
 * render whether to offer them, and where they cannot, says nothing of them: WebAuthn exists only in a
 * secure context (HTTPS, localhost; a phone opening the demo at a LAN address over http has none), and
 * the page's host must be able to be the relying party (hostCanBeRelyingParty).
 */
export function passkeysSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    typeof window.PublicKeyCredential === 'function' &&
    hostCanBeRelyingParty(window.location.hostname)
  );
}

/** Whether a page on this host may use passkeys of `rpId` (the host is the RP ID or under it). */
export function rpIdFitsHere(rpId: string | undefined): boolean {
  const host = window.location.hostname;
  return !rpId || host === rpId || host.endsWith(`.${rpId}`);
}

// ---- The grant of a login with the password ------------------------------------------------------
// A login with the password answers a one-time grant to add a passkey without typing the password
// again for 10 minutes (openapi.yaml LoginUser.passkey_grant): the offer right after the login uses it.
// Kept in this module's memory only, never in the store (Redux DevTools records it), a cookie or
// storage: the point of it is that a stolen token does not carry it.

/** A little under the server's 10 minutes, so a grant about to expire is not offered. */
const GRANT_LIFETIME_MS = 9 * 60 * 1000;
let grant: { account: string; value: string; at: number } | undefined;

/** Keeps the grant a login with the password answered for `account` (nothing when there was none). */
export function rememberPasskeyGrant(account: string, value: string | undefined): void {
  grant = value ? { account: account.toLowerCase(), value, at: Date.now() } : undefined;
}

/** The live grant of `account`'s login on this page, if any. */
export function passkeyGrantOf(account: string): string | undefined {
  if (!grant || grant.account !== account.toLowerCase() || Date.now() - grant.at > GRANT_LIFETIME_MS) return undefined;
  return grant.value;
}

/** The grant was used (a passkey was added with it) or the shopper left: it is not offered again. */
export function forgetPasskeyGrant(): void {
  grant = undefined;
}
