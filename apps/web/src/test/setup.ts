import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { reloadSessionFromStorage } from '@/lib/session.ts';
import { createMediaQueryList } from './media-query.ts';

// The machine's cores are shared with the API and the database: give `findBy…` time to spare.
configure({ asyncUtilTimeout: 3000 });

// jsdom has no layout: screens are wide unless a test says otherwise (see setScreenWidth).
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) => createMediaQueryList(query, false);
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  reloadSessionFromStorage();
});
