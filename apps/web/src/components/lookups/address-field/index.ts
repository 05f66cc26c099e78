export type { AddressFieldProps } from './address-field.tsx';
export { ADDRESS_DEBOUNCE_MS, AddressField, searchAddresses, useLocalityPlace } from './address-field.tsx';
