import { createRoot } from 'react-dom/client';
import 'antd-mobile/es/global';
import 'nprogress/nprogress.css';
import './shared/ui/theme.css';
import { App } from './app/app';
import { registerServiceWorker } from './app/service-worker';
import { makeStore } from './store/make-store';

const bundle = makeStore();
const container = document.getElementById('app');
if (container) createRoot(container).render(<App bundle={bundle} />);
registerServiceWorker();
