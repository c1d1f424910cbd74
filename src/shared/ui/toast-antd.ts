import Toast from 'antd-mobile/es/components/toast';
import { enableAntdMobileOnReact19 } from './react19-render';

// Like dialog.ts: the imperative renderer is set where the toast loads, not at start-up.
enableAntdMobileOnReact19();

export default Toast;
