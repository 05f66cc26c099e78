export { Panel } from './panel.tsx';
