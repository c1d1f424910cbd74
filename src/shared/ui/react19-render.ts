import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot } from 'react-dom/client';

/**
 * antd-mobile 5 renders Toast, Dialog and Modal with React 18's legacy API; under React 19 they render
 * nothing until it is given a createRoot-based renderer (STACK-NOTES.md). dialog.ts and toast-antd.ts
 * call it where those load, so it stays out of the first screen's download.
 */
let enabled = false;
export function enableAntdMobileOnReact19(): void {
  if (enabled) return;
  enabled = true;
  unstableSetRender((node, container) => {
    const host = container as Element & { _reactRoot?: ReturnType<typeof createRoot> };
    host._reactRoot ??= createRoot(host);
    const root = host._reactRoot;
    root.render(node);
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
      delete host._reactRoot;
    };
  });
}
