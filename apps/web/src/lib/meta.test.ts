import { apiPaths } from '@console/contract/paths';
import { describe, expect, it } from 'vitest';
import { metaPath } from './meta';

describe('meta', () => {
  it('is fetched from the path of the contract', () => {
    expect(metaPath).toBe(apiPaths.meta.path);
  });
});
