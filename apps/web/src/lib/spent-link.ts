import { ERROR_CODES } from '@red-dental/contracts';
import { isApiError } from './api-client.ts';

/** Whether an error says a mailed link is spent, expired or unknown (not a failed connection). */
export function isSpentLink(error: unknown): boolean {
  return isApiError(error, 400) && error.code === ERROR_CODES.INVALID_TOKEN;
}
