import { vi } from 'vitest';

export function createMediaQueryList(query: string, matches: boolean): MediaQueryList {
  return {
    matches,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  };
}

/** Makes every media query match (a small screen) or not (a wide one) for the rest of the test. */
export function setScreenWidth(size: 'small' | 'wide'): void {
  vi.spyOn(window, 'matchMedia').mockImplementation((query) => createMediaQueryList(query, size === 'small'));
}
