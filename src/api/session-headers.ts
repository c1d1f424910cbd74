/** The parts of the store's state the request headers come from. */
export interface SessionHeaderState {
  session?: { token?: string | null };
  language?: { selected?: { file_name?: string } | null };
}

/**
 * The token and language headers every call carries (common decisions; SPEC.md section 7). A module
 * of its own, without the request layer's imports, so the document's first script (src/boot.ts)
 * sends its early reads with exactly these headers.
 */
export function sessionHeaders(state: unknown, options: { noToken?: boolean } = {}): Record<string, string> {
  const { session, language } = state as SessionHeaderState;
  const headers: Record<string, string> = {};
  if (session?.token && !options.noToken) headers.token = session.token;
  headers.lang = language?.selected?.file_name ?? 'en';
  return headers;
}
