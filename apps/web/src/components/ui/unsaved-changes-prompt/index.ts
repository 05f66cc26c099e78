export { UnsavedChangesPrompt } from './unsaved-changes-prompt.tsx';
