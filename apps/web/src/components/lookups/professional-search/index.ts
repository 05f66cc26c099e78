export type { ProfessionalSearchProps } from './professional-search.tsx';
export {
  PROFESSIONAL_SEARCH_DEBOUNCE_MS,
  ProfessionalSearch,
  searchProfessionals,
} from './professional-search.tsx';
