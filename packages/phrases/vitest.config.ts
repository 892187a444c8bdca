import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'phrases', include: ['src/**/*.test.ts'] },
});
