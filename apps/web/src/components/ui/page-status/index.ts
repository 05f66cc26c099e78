export { PageError, PageLoading } from './page-status.tsx';
