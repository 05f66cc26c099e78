export type { FilePickerProps } from './file-picker.tsx';
export { FilePicker } from './file-picker.tsx';
