/** A fingerprint mark for passkey buttons (decorative: the button's text names it). */
export function PasskeyMark() {
  return (
    <svg
      className="passkey-mark"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
      style={{ flex: 'none' }}
    >
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        d="M12 3a8 8 0 0 0-8 8v2m16 0v-2a8 8 0 0 0-12.4-6.7M12 7a4 4 0 0 0-4 4v3a8 8 0 0 0 1.5 4.7M12 11v3a12 12 0 0 0 2 6.6M16 11v3a16 16 0 0 1-.6 4.4"
      />
    </svg>
  );
}
