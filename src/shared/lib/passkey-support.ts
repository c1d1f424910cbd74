// Whether passkeys can work here at all: apart from ./passkey.ts, so a screen that only asks (the
// login screen, before it loads its passkey code at idle) carries nothing else of it.

/**
 * Whether this browser can use passkeys on this page at all: WebAuthn exists only in a secure
 * context (HTTPS, localhost), so a phone opening the demo at a LAN address over http has none.
 */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && window.isSecureContext && typeof window.PublicKeyCredential === 'function';
}

/** Whether a page on this host may use passkeys of `rpId` (the host is the RP ID or under it). */
export function rpIdFitsHere(rpId: string | undefined): boolean {
  const host = window.location.hostname;
  return !rpId || host === rpId || host.endsWith(`.${rpId}`);
}
