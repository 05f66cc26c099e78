import { MESSAGES, type Registro } from '@red-dental/contracts';
import type { FastifyInstance } from 'fastify';
import { conflict, isUniqueViolation } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import * as profesionales from '../profesionales/profesionales.repository.ts';
import * as usuarios from '../usuarios/usuarios.repository.ts';
import { registrationReceivedMail } from './registro.mails.ts';

type Deps = Pick<FastifyInstance, 'db' | 'mail' | 'accountFailures'>;

/** A professional signs up: pending user, provider record and confirmation mail, all or nothing. */
export async function register(deps: Deps, input: Registro) {
  // Every attempt on an address counts: probing addresses for accounts (a 409) is limited like guessing.
  await deps.accountFailures.consumeAttempt('registro', input.email);
  const passwordHash = await hashPassword(input.password);
  try {
    const id = await deps.db.transaction(async (tx) => {
      const user = await usuarios.insertUser(tx, { email: input.email, passwordHash, status: 'pending' });
      await profesionales.insertForUser(tx, user.id, {
        nombre: input.nombre,
        razonSocial: input.razonSocial,
        email: input.email,
        matricula: input.matricula || undefined,
        matriculaJurisdiccion: input.matriculaJurisdiccion,
      });
      await deps.mail.enqueue(tx, registrationReceivedMail(input.email));
      return user.id;
    });
    deps.mail.wake();
    return { id };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MESSAGES.EMAIL_TAKEN);
    throw error;
  }
}
