/**
 * What the security screen shows of the shopper's contact details: enough to recognise them, not enough
 * for someone looking over a shoulder to copy them.
 */

/** '+1 201****123': the calling code, the first 3 and the last 3 digits; short numbers keep less. */
export function maskMobile(quhao: string, mobile: string): string {
  const digits = mobile.replace(/\D/g, '');
  if (!digits) return '';
  const prefix = quhao ? `+${quhao} ` : '';
  if (digits.length <= 4) return `${prefix}${'*'.repeat(digits.length)}`;
  const keep = digits.length >= 9 ? 3 : 2;
  const head = digits.slice(0, keep);
  const tail = digits.slice(-keep);
  return `${prefix}${head}${'*'.repeat(digits.length - keep * 2)}${tail}`;
}

/** 'de**@example.com': the first 2 characters of the name (1 of a short one) and the whole domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email ? '*'.repeat(Math.min(email.length, 6)) : '';
  const name = email.slice(0, at);
  const keep = name.length > 3 ? 2 : 1;
  return `${name.slice(0, keep)}${'*'.repeat(Math.max(2, name.length - keep))}${email.slice(at)}`;
}
