import { zodResolver } from '@hookform/resolvers/zod';
import { afiliadoProfileUpdateSchema } from '@red-dental/contracts';
import type { Resolver } from 'react-hook-form';
import type { AfiliadoProfileChanges } from '../api/update-afiliado-profile.ts';

/** The contract validates; the values go out as typed, absent ones as empty strings. */
export const profileResolver = zodResolver(afiliadoProfileUpdateSchema, undefined, {
  raw: true,
}) as Resolver<AfiliadoProfileChanges>;
