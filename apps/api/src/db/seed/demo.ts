import type { Db } from '../client.ts';

export const DEMO_LOGINS: { label: string; credentials: string }[] = [];

/** Demo data (DESIGN section 6): filled in by the demo seed. */
export async function seedDemoData(_db: Db): Promise<{ created: boolean }> {
  return { created: false };
}
