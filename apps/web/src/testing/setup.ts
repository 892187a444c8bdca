import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library cleans up after each test only with globals; the tests import from vitest.
afterEach(() => cleanup());
