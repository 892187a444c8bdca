import './card.css';

/** Grey bars where text will be, pulsing unless the user asks for reduced motion. */
export function Skeleton({ rows = 3, hasTitle = true }: { rows?: number; hasTitle?: boolean }) {
  return (
    <div className="cz-skeleton" aria-hidden="true">
      {hasTitle ? <div className="cz-skeleton__title" /> : null}
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical bars, never reordered
        <div key={i} className="cz-skeleton__line" />
      ))}
    </div>
  );
}
