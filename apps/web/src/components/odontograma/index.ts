export { type Marca, Odontograma } from './odontograma.tsx';
