export { OfflineNotice } from './offline-notice.tsx';
