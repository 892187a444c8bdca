import { cleanup, configure } from '@testing-library/react';
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

// `findBy…` and `waitFor` wait for what a test expects: on a busy 2-core machine a table's first
// draw (antd's, with its data from a mocked fetch) can take longer than Testing Library's default
// second. The limit only stops a test whose condition never comes; no test depends on timing.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(() => freshPage());

// Testing Library cleans up after each test only with globals; the tests import from vitest.
afterEach(() => cleanup());
