import { Fragment } from 'react';

/**
 * An address that wraps where a reader expects it to: after `/`, and before `?`, `&` and `#` (a
 * `<wbr>` there), not in the middle of a word. Its text stays the address itself (copying it, or
 * reading its `textContent`, gives the same string).
 */
export function BreakableUrl({ value }: { value: string | null | undefined }) {
  if (!value) return null;
  const parts = value.split(/(?<=\/)|(?=[?&#])/);
  return (
    <>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, in order
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
