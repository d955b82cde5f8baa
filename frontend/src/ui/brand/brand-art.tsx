import { useId } from 'react';

/**
 * MemeMint's own art, drawn here (no image file, nothing fetched): the mark (a mint-green tile with
 * an "M" whose middle is a grin, and a mint leaf) and the coin. Inline SVG, so the prerendered shell
 * paints them with the HTML. Gradient ids come from useId: several marks on one page stay distinct,
 * and the prerendered and hydrated trees name them alike.
 */
export function MintMark({ size = 40, title }: { size?: number; title?: string }) {
  const id = useId();
  return (
    <svg
      className="mint-mark"
      width={size}
      height={size}
      viewBox="0 0 48 48"
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
    >
      <defs>
        <linearGradient id={`${id}g`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--brand, #19c37d)" />
          <stop offset="1" stopColor="var(--brand-2, #0d9fb5)" />
        </linearGradient>
      </defs>
      <rect x="2" y="2" width="44" height="44" rx="13" fill={`url(#${id}g)`} />
      <path
        d="M12 34V15l12 13 12-13v19"
        fill="none"
        stroke="#fff"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M19 37q5 3.2 10 0" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
      <path d="M33 6c6.5-.5 9.5 3 9 9-6 .4-9.3-2.8-9-9z" fill="#c9ffe2" />
      <path d="M34.5 7.5l6 6" stroke="var(--brand-2, #0d9fb5)" strokeWidth="1.2" strokeLinecap="round" />
    </svg>
  );
}

/** The MemeMint coin: gold with a rim and a raised "M" (a path, so no font is needed). */
export function MintCoin({ size = 18 }: { size?: number }) {
  const id = useId();
  return (
    <svg className="mint-coin" width={size} height={size} viewBox="0 0 24 24" aria-hidden>
      <defs>
        <linearGradient id={`${id}c`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffd84a" />
          <stop offset="1" stopColor="#f0a500" />
        </linearGradient>
      </defs>
      <circle cx="12" cy="12" r="11" fill="#c98400" />
      <circle cx="12" cy="11.2" r="10" fill={`url(#${id}c)`} />
      <circle cx="12" cy="11.2" r="7.2" fill="none" stroke="#c98400" strokeWidth="1.2" opacity=".55" />
      <path
        d="M8 15V8.2l4 4.3 4-4.3V15"
        fill="none"
        stroke="#8a5600"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A gift box whose lid lifts when `open` (the reveal moves the lid with a transform). */
export function GiftArt({ size = 160 }: { size?: number }) {
  return (
    <svg className="gift-art" width={size} height={size} viewBox="0 0 120 120" aria-hidden>
      <g className="gift-art__box">
        <rect x="18" y="52" width="84" height="58" rx="8" fill="var(--brand, #19c37d)" />
        <rect x="18" y="52" width="84" height="14" fill="#000" opacity=".12" />
        <rect x="53" y="52" width="14" height="58" fill="#ffd84a" />
      </g>
      <g className="gift-art__lid">
        <rect x="12" y="36" width="96" height="20" rx="6" fill="var(--brand-2, #0d9fb5)" />
        <rect x="53" y="36" width="14" height="20" fill="#ffd84a" />
        <path
          d="M60 36c-8-18-30-16-22-4 4 5 14 5 22 4zM60 36c8-18 30-16 22-4-4 5-14 5-22 4z"
          fill="#ffd84a"
        />
      </g>
    </svg>
  );
}
