import { MESSAGES } from '@red-dental/contracts';
import Bowser from 'bowser';

/** 'Chrome en Windows', 'Safari en iOS', or what little the browser said of itself. */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return MESSAGES.acceso.UNKNOWN_DEVICE;
  const { browser, os } = Bowser.parse(userAgent);
  if (browser.name && os.name) return `${browser.name} en ${os.name}`;
  return browser.name ?? os.name ?? MESSAGES.acceso.UNKNOWN_DEVICE;
}
