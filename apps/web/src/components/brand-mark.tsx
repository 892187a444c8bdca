/** The product mark: stacked layers (a lakehouse). */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" className="cz-brand-mark">
      <rect width="32" height="32" rx="8" fill="#fff" fillOpacity="0.14" />
      <path d="M16 6 26 11l-10 5-10-5 10-5z" fill="#fff" />
      <path
        d="m6 15.5 10 5 10-5"
        fill="none"
        stroke="#fff"
        strokeOpacity="0.85"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path
        d="m6 20 10 5 10-5"
        fill="none"
        stroke="#fff"
        strokeOpacity="0.6"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}
