import type { DialogConfirmProps } from 'antd-mobile/es/components/dialog/confirm';
import { whenIdle } from '../lib/idle';
import { focusScreenHeading, isInShownScreen } from './page';

type DialogModule = typeof import('./dialog');

// antd-mobile's Dialog brings its mask, its animation library and the imperative renderer (about
// 25 KiB gzip): they load with the first question asked, or when a screen that may ask one has
// drawn (warmConfirmDialog), instead of before that screen can draw.
let dialogModule: Promise<DialogModule> | undefined;
function loadDialog(): Promise<DialogModule> {
  dialogModule ??= import(/* webpackChunkName: "dialog" */ './dialog');
  // A failed download (offline, a new deployment) is tried again at the next question.
  dialogModule.catch(() => {
    dialogModule = undefined;
  });
  return dialogModule;
}

/**
 * Starts the dialog's download when the browser is idle, so that the first confirmation opens at
 * once. Screens that confirm something call it once they have drawn.
 */
export function warmConfirmDialog(): void {
  if (dialogModule) return;
  whenIdle(() => void loadDialog().catch(() => undefined));
}

/**
 * antd-mobile's Dialog.confirm, named by its title for screen readers (an unnamed role=dialog is
 * announced as just 'dialog'). antd-mobile names the dialog only through an aria-label prop, which
 * it also copies onto its outer wrapper, a plain div; a labelled div counts as content outside any
 * landmark, so that copy is removed once the dialog is shown (the dialog itself keeps its name).
 * When the dialog's code cannot be downloaded (offline before the app was installed, or a new
 * deployment replaced it), the same question is asked with the browser's own confirm box.
 */
export async function confirmDialog(props: DialogConfirmProps & { title: string }): Promise<boolean> {
  // What had the focus (the button that asked): it gets the focus back when the dialog closes. Read
  // before the dialog's code loads: a tap elsewhere meanwhile would move it.
  const opener = document.activeElement;
  let Dialog: DialogModule['Dialog'];
  try {
    ({ Dialog } = await loadDialog());
  } catch {
    const content = typeof props.content === 'string' ? `\n\n${props.content}` : '';
    return window.confirm(`${props.title}${content}`);
  }
  return Dialog.confirm({
    ...props,
    'aria-label': props.title,
    afterShow: () => {
      document
        .querySelectorAll('.adm-center-popup[aria-label]:not([role])')
        .forEach((wrapper) => wrapper.removeAttribute('aria-label'));
      // antd-mobile leaves the focus behind its mask: a screen reader would not know a question was
      // asked, and could wander into the screen behind it. The dialog is modal and takes the focus, so
      // it is read by its name (the question) and the reader stays inside it.
      const dialog = [...document.querySelectorAll<HTMLElement>('.adm-dialog [role="dialog"]')].at(-1);
      if (dialog) {
        dialog.setAttribute('aria-modal', 'true');
        dialog.tabIndex = -1;
        dialog.focus();
      }
      props.afterShow?.();
    },
    afterClose: () => {
      // Back where the shopper was; when the answer took them to another screen, to its heading.
      if (opener instanceof HTMLElement && opener.isConnected && isInShownScreen(opener)) opener.focus();
      if (!document.activeElement || document.activeElement === document.body) focusScreenHeading();
      props.afterClose?.();
    },
  });
}
