import { requiresSecondFactor } from '@red-dental/contracts';

/**
 * Whether the network requires a second factor of whoever holds these permissions: only where
 * REQUIRE_STAFF_2FA is on, and then of the roles the contracts name. Sign-in, the guards, the
 * invitation and the 'Verificación en dos pasos' panel all ask this one question.
 */
export function secondFactorCompulsory(config: { requireStaff2fa: boolean }, permissions: Iterable<string>) {
  return config.requireStaff2fa && requiresSecondFactor(permissions);
}
