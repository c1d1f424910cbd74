import Dialog from 'antd-mobile/es/components/dialog';
import { enableAntdMobileOnReact19 } from './react19-render';

// antd-mobile opens a dialog with its imperative renderer, which needs React 19's createRoot handed
// to it first. Set here, where the dialog is imported, rather than at start-up: the renderer and its
// helpers (about 6 KiB gzip) then load with the screens that confirm something, not with /home.
enableAntdMobileOnReact19();

/** antd-mobile's Dialog, ready to open under React 19. */
export { Dialog };
