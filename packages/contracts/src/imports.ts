import { z } from 'zod';
import { booleanQueryParam } from './common.ts';

// ---------------------------------------------------------------------------
// What every CSV import answers about the lines it refused
// ---------------------------------------------------------------------------

/** Rejected lines listed in an import answer; errorCount says how many there were in all. */
export const IMPORT_ERRORS_LIMIT = 1000;

export const importRowErrorSchema = z.object({
  /** 1-based line of the file where the record starts; the header is line 1. */
  line: z.number(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/** `?dryRun=true` on an import: check and count, write nothing. */
export const dryRunQuerySchema = z.object({ dryRun: booleanQueryParam });

/**
 * An import of rules or fees may also be simulated (`simular=true`): written
 * in a transaction that is rolled back, with what it would have done to the
 * last three months' lines. Nothing is kept.
 */
export const simulableQuerySchema = dryRunQuerySchema.extend({ simular: booleanQueryParam });
