export { AuthenticatorSetup } from './authenticator-setup.tsx';
export { RecoveryCodes } from './recovery-codes.tsx';
