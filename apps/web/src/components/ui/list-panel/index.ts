export { ListPanel, type ListPanelProps } from './list-panel.tsx';
