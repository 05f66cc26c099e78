import { readMails } from '@red-dental/testing';
import type { App } from '../../app.ts';

/** What an applicant does after signing up, through the API. */

/**
 * Opens the confirmation link mailed to `email` at sign-up, as the applicant
 * does (the outbox is sent first).
 */
export async function confirmRegistration(app: App, email: string) {
  await app.mail.drain();
  const link = (await readMails(app.config.dataDir))
    .filter((mail) => mail.to === email)
    .flatMap((mail) => mail.links)
    .findLast((url) => url.includes('/confirmar-registro/'));
  if (!link) throw new Error(`no confirmation link was mailed to ${email}`);
  const token = link.slice(link.lastIndexOf('/') + 1);
  const res = await app.inject({ method: 'POST', url: '/api/registro/confirm-email', payload: { token } });
  if (res.statusCode >= 300)
    throw new Error(`POST /api/registro/confirm-email failed: ${res.statusCode} ${res.body}`);
}
