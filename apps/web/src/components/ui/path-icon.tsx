/**
 * A line icon drawn from one SVG path on a 24 px grid, stroked with currentColor: what every icon
 * set of the app (`Icon`, `LineIcon`, `ConsoleIcon`) renders.
 */
export function PathIcon({
  d,
  size,
  className,
}: {
  d: string;
  size: number;
  className?: string | undefined;
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <path d={d} />
    </svg>
  );
}
