export { CountBadge } from './count-badge.tsx';
