export { AuthenticatorSetup, type AuthenticatorSetupProps, RecoveryCodes } from './authenticator-setup.tsx';
