export { AuthenticatorSetup, type AuthenticatorSetupProps } from './authenticator-setup.tsx';
export { RECOVERY_CODES_FILE_NAME, RecoveryCodes, type RecoveryCodesProps } from './recovery-codes.tsx';
