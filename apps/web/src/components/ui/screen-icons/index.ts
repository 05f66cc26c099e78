export * from './screen-icons.tsx';
