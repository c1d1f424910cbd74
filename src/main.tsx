import { createRoot } from 'react-dom/client';
import 'antd-mobile/es/global';
import 'nprogress/nprogress.css';
import './shared/ui/theme.css';
import { App } from './app/app';
import { registerServiceWorker } from './app/service-worker';
import { enableAntdMobileOnReact19 } from './shared/ui/react19-render';
import { makeStore } from './store/make-store';

enableAntdMobileOnReact19();
const bundle = makeStore();
const container = document.getElementById('app');
if (container) createRoot(container).render(<App bundle={bundle} />);
registerServiceWorker();
