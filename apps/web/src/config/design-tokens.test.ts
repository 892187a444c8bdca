import { describe, expect, it } from 'vitest';
import tokensCss from '../styles/tokens.css?raw';
import { cssVariables } from './design-tokens';

/** The formatter may rewrap a value or change its quotes: compare the normalised text. */
const normalise = (value: string) => value.replace(/\s+/g, ' ').replaceAll('"', "'").trim();

describe('design tokens', () => {
  it('styles/tokens.css holds the same values as the antd theme tokens', () => {
    const declared = Object.fromEntries(
      [...tokensCss.matchAll(/(--cz-[\w-]+):\s*([^;]+);/g)].map((m) => [m[1], normalise(m[2] ?? '')]),
    );
    const expected = Object.fromEntries(Object.entries(cssVariables()).map(([k, v]) => [k, normalise(v)]));
    expect(declared).toEqual(expected);
  });
});
