import { Dialog } from './dialog';
import type { DialogConfirmProps } from 'antd-mobile/es/components/dialog/confirm';

/**
 * antd-mobile's Dialog.confirm, named by its title for screen readers (an unnamed role=dialog is
 * announced as just 'dialog'). antd-mobile names the dialog only through an aria-label prop, which
 * it also copies onto its outer wrapper, a plain div; a labelled div counts as content outside any
 * landmark, so that copy is removed once the dialog is shown (the dialog itself keeps its name).
 */
export function confirmDialog(props: DialogConfirmProps & { title: string }): Promise<boolean> {
  return Dialog.confirm({
    ...props,
    'aria-label': props.title,
    afterShow: () => {
      document
        .querySelectorAll('.adm-center-popup[aria-label]:not([role])')
        .forEach((wrapper) => wrapper.removeAttribute('aria-label'));
      props.afterShow?.();
    },
  });
}
