/**
 * A server-given link made safe to put in href or an iframe's src: only absolute http(s) URLs pass
 * ('' otherwise), so a javascript: or data: URL from a compromised backend never runs here.
 */
export function safeHttpUrl(url: string | null | undefined): string {
  if (!url) return '';
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : '';
  } catch {
    return '';
  }
}
