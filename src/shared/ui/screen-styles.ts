/**
 * The styles of every screen but /home (shared/ui/screens.css: account, wallet, addresses, support
 * and the sheets and fields they use), one chunk fetched once with the first screen or sheet that
 * needs it (shared/config/route.ts), so the first visit of /home or /login downloads only theme.css.
 */
export const loadScreenStyles = () => import(/* webpackChunkName: "screens" */ './screens.css');
