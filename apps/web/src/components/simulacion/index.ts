export { SimulacionPanel } from './simulacion-panel.tsx';
