/** How the benchmarks print their figures, so every report reads alike. */

export const verdict = (met: boolean) => (met ? 'met' : 'NOT MET');

/** The middle value (the upper one of an even count). */
export const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Milliseconds as seconds: '1.25 s'. */
export const seconds = (ms: number, digits = 2) => `${(ms / 1000).toFixed(digits)} s`;

/** Milliseconds, or 'never' for a mark that was not reached. */
export const ms = (value: number) => (Number.isFinite(value) ? `${value.toFixed(0)} ms` : 'never');

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
