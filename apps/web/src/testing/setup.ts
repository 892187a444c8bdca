import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { deleteCookie } from '@/lib/cookies';
import { forgetLanguage } from '@/lib/language';

/**
 * Test files share one page and its modules (`isolate: false`, see vitest.config.ts): each file
 * starts as a fresh page does, with no cookie, nothing stored, at `/`, and no language decided.
 */
function freshPage(): void {
  if (typeof document === 'undefined') return; // a file of its own environment (node)
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) deleteCookie(name);
  }
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  document.documentElement.removeAttribute('lang');
  forgetLanguage();
}

beforeAll(() => freshPage());

// Testing Library cleans up after each test only with globals; the tests import from vitest.
afterEach(() => cleanup());
