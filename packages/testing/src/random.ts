/**
 * A small seeded generator (mulberry32): the same numbers for the same seed on
 * every run and machine, and cheap enough for a million rows.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One of `items`, each as likely as its weight (binary search over the running totals). */
export function weightedPicker<T>(items: readonly { value: T; weight: number }[], random: () => number) {
  const cumulative: number[] = [];
  let total = 0;
  for (const item of items) {
    total += item.weight;
    cumulative.push(total);
  }
  return (): T => {
    const r = random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < r) lo = mid + 1;
      else hi = mid;
    }
    return items[lo]!.value;
  };
}

/** One of `items`, all equally likely. */
export function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)]!;
}
