import { paths } from './paths';

/**
 * The reads a logged-in first screen cannot render without, in one table for both of their users: the
 * document's first script asks for each URL while the app's code downloads (src/api/early-reads.ts),
 * and the app makes the same read through its endpoint before its first render
 * (src/api/first-screen-reads.ts), where the request layer takes the early answer. Each entry is
 * the endpoint's name and its URL in the contract (openapi/openapi.yaml); a read whose two halves
 * differed would go out twice.
 */
export interface FirstScreenRead {
  endpoint: string;
  url: string;
}

/** Every logged-in page loads the user info first (SPEC.md section 2's guard). */
export const USER_INFO_READ = {
  endpoint: 'getUserInfo',
  url: '/api/user/getUserInfo',
} as const satisfies FirstScreenRead;

/** The first screen's own reads, by path, for the screens whose first render needs them. */
export const SCREEN_READS = {
  [paths.bag]: { endpoint: 'getCart', url: '/api/cart/index' },
} as const satisfies Record<string, FirstScreenRead>;

/** A path whose first screen has a read of its own. */
export type ScreenReadPath = keyof typeof SCREEN_READS;
/** The endpoint of a first screen's own read (src/api/first-screen-reads.ts useFreshRead). */
export type ScreenReadEndpoint = (typeof SCREEN_READS)[ScreenReadPath]['endpoint'];

/** The screen read `pathname` opens with, if it has one. */
export function screenReadOf(pathname: string): (typeof SCREEN_READS)[ScreenReadPath] | undefined {
  return Object.prototype.hasOwnProperty.call(SCREEN_READS, pathname)
    ? SCREEN_READS[pathname as ScreenReadPath]
    : undefined;
}
