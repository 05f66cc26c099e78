export { CoverageMap, type CoveragePlace } from './coverage-map.tsx';
