import { announce } from './live-region';

/** SPEC.md section 9: 1200 ms, clicks blocked while shown; a loading toast stays until closed. */
export const TOAST_DURATION_MS = 1200;

type ToastIcon = 'success' | 'fail' | 'loading';
type ToastModule = typeof import('./toast-antd');

// antd-mobile's Toast brings its animation library (about 30 KB gzip); it loads with the first toast
// instead of with the first page. Screen readers hear the message at once either way.
let toastModule: Promise<ToastModule> | undefined;
function loadToast(): Promise<ToastModule> {
  toastModule ??= import(/* webpackChunkName: "toast" */ './toast-antd');
  return toastModule;
}

function open(content: string, icon: ToastIcon | undefined, duration: number): void {
  void loadToast().then(({ default: Toast }) => {
    Toast.show({ content, icon, duration, maskClickable: false, position: 'center' });
  });
}

/** The app's only toast: antd-mobile's Toast, also announced to screen readers. */
export const toast = {
  show(message: string): void {
    open(message, undefined, TOAST_DURATION_MS);
    announce(message, 'status');
  },
  success(message: string): void {
    open(message, 'success', TOAST_DURATION_MS);
    announce(message, 'status');
  },
  fail(message: string): void {
    open(message, 'fail', TOAST_DURATION_MS);
    announce(message, 'alert');
  },
  loading(message: string): void {
    open(message, 'loading', 0);
    announce(message, 'status');
  },
  close(): void {
    void loadToast().then(({ default: Toast }) => Toast.clear());
  },
};
