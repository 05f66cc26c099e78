import { MESSAGES, type Registro } from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import { profesionales } from '../../db/schema/index.ts';
import { conflict, isUniqueViolation } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import { searchKey } from '../../lib/text.ts';
import { enqueueMail } from '../mail/mail.repository.ts';
import { registrationReceivedMail } from '../mail/mail.templates.ts';
import { insertUser } from '../usuarios/usuarios.repository.ts';

type Deps = Pick<FastifyInstance, 'db' | 'mail' | 'accountFailures'>;

/** A professional signs up: pending user, provider record and confirmation mail, all or nothing. */
export async function register(deps: Deps, input: Registro) {
  await deps.accountFailures.assertAllowed('registro', input.email);
  const passwordHash = await hashPassword(input.password);
  try {
    const id = await deps.db.transaction(async (tx) => {
      const user = await insertUser(tx, { email: input.email, passwordHash, status: 'pending' });
      await tx.insert(profesionales).values({
        userId: user.id,
        nombre: input.nombre,
        razonSocial: input.razonSocial,
        email: input.email,
        busqueda: searchKey(`${input.nombre} ${input.razonSocial}`),
      });
      await enqueueMail(tx, registrationReceivedMail(input.email, input.nombre));
      return user.id;
    });
    deps.mail.wake();
    return { id };
  } catch (error) {
    if (isUniqueViolation(error)) {
      await deps.accountFailures.recordFailure('registro', input.email);
      throw conflict(MESSAGES.EMAIL_TAKEN);
    }
    throw error;
  }
}
