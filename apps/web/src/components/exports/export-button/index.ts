export { ExportButton } from './export-button.tsx';
