import type { ReactNode } from 'react';
import './onboarding.css';

/**
 * Onboarding's eight illustrations (docs/SPEC.md §2: intro, swipe and rate, likes as bets, any photo and
 * text, the feed's meme of the day, friends, airdrop, closing), drawn here as SVG in the theme's colours
 * (classes in onboarding.css), each with one small motion that stops when the player asks for less motion.
 */
/** Where a coin floats over a picture: x, y, radius; rising ones move. */
type CoinSpot = readonly [x: number, y: number, r: number, rising?: 'rise'];

function Art({ children, coins = [] }: { children: ReactNode; coins?: readonly CoinSpot[] }) {
  return (
    <svg className="art" viewBox="0 0 240 180" aria-hidden focusable="false">
      <ellipse className="art-shadow" cx="120" cy="166" rx="84" ry="8" />
      {children}
      {coins.map(([x, y, r, rising]) => (
        <Coin key={`${x},${y}`} x={x} y={y} r={r} className={rising ? 'art-rise' : ''} />
      ))}
    </svg>
  );
}

/** A round face; `swapped` gives it the player's colours (the swap in the pictures). */
function Face({ x, y, r, swapped = false }: { x: number; y: number; r: number; swapped?: boolean }) {
  return (
    <g>
      <circle className={swapped ? 'art-accent' : undefined} fill="#f2c29b" cx={x} cy={y} r={r} />
      <circle fill="#2b2b33" cx={x - r * 0.35} cy={y - r * 0.15} r={r * 0.11} />
      <circle fill="#2b2b33" cx={x + r * 0.35} cy={y - r * 0.15} r={r * 0.11} />
      <path
        className="art-line"
        d={`M${x - r * 0.4} ${y + r * 0.25} Q${x} ${y + r * 0.65} ${x + r * 0.4} ${y + r * 0.25}`}
      />
    </g>
  );
}

function Coin({ x, y, r = 9, className = '' }: { x: number; y: number; r?: number; className?: string }) {
  return (
    <g className={className}>
      <circle className="art-gold" cx={x} cy={y} r={r} />
      <circle fill="none" stroke="#c98a00" strokeWidth={1.5} cx={x} cy={y} r={r * 0.68} />
    </g>
  );
}

function Heart({ x, y, s = 1, fill = '#ff4d6d' }: { x: number; y: number; s?: number; fill?: string }) {
  return (
    <path
      fill={fill}
      transform={`translate(${x} ${y}) scale(${s})`}
      d="M0 6C-6-2-16 0-16 8C-16 15-6 20 0 26C6 20 16 15 16 8C16 0 6-2 0 6Z"
    />
  );
}

/** One illustration per onboarding step, in order. */
export const ONBOARDING_ART: readonly ReactNode[] = [
  /** 1. Welcome: a meme card with a face swapped in, coins rising from it. */
  <Art key="Welcome">
    <rect className="art-card" x="70" y="22" width="100" height="136" rx="14" />
    <rect className="art-soft" x="80" y="32" width="80" height="80" rx="8" />
    <Face x={120} y={72} r={26} swapped />
    <rect className="art-muted" x="84" y="122" width="72" height="8" rx="4" />
    <rect className="art-muted" x="96" y="136" width="48" height="8" rx="4" />
    <g className="art-rise">
      <Coin x={186} y={60} />
      <Coin x={200} y={96} r={7} />
      <Coin x={52} y={84} r={8} />
    </g>
  </Art>,

  /** 2. Swipe and rate: a stack of memes, the top one swaying between a cross and a heart. */
  <Art key="SwipeAndRate">
    {/* The cards underneath, tilted either way. */}
    {[-8, 6].map((angle) => (
      <rect
        key={angle}
        className="art-card art-card--back"
        x="78"
        y="34"
        width="84"
        height="116"
        rx="12"
        transform={`rotate(${angle} 120 92)`}
      />
    ))}
    <g className="art-sway">
      <rect className="art-card" x="78" y="30" width="84" height="120" rx="12" />
      <rect className="art-soft" x="86" y="38" width="68" height="68" rx="8" />
      <Face x={120} y={72} r={20} />
      <rect className="art-muted" x="90" y="116" width="60" height="7" rx="3.5" />
    </g>
    <circle className="art-no" cx="42" cy="92" r="18" />
    <path className="art-line art-line--light" d="M35 85l14 14M49 85l-14 14" />
    <circle className="art-yes" cx="198" cy="92" r="18" />
    <Heart x={198} y={82} s={0.55} fill="#ffffff" />
  </Art>,

  /** 3. Likes are bets: a like carries coins to the meme of the day's cup. */
  <Art key="LikesAreBets">
    <path className="art-gold" d="M150 48h48v18a24 24 0 0 1-48 0z" />
    <path className="art-line art-line--gold" d="M150 56h-10a10 10 0 0 0 10 14M198 56h10a10 10 0 0 1-10 14" />
    <rect className="art-gold" x="168" y="88" width="12" height="22" />
    <rect className="art-gold" x="156" y="110" width="36" height="10" rx="3" />
    <Heart x={76} y={60} s={1.9} />
    <g className="art-drop">
      <Coin x={76} y={132} r={10} />
      <Coin x={100} y={138} r={8} />
      <Coin x={54} y={140} r={7} />
    </g>
    <path className="art-line art-line--dash" d="M108 78q26-30 46-18" />
  </Art>,

  /** 4. Any photo, any text: a photo with the face put in and a caption on top and bottom. */
  <Art key="AnyPhoto">
    <rect className="art-card" x="46" y="26" width="148" height="126" rx="12" />
    <rect fill="#bfe3ff" x="56" y="36" width="128" height="106" rx="6" />
    <circle className="art-gold" cx="160" cy="58" r="10" />
    <path fill="#6cc08b" d="M56 142l38-46 26 28 20-18 44 36z" />
    <Face x={102} y={90} r={18} swapped />
    <rect fill="#ffffff" stroke="#2b2b33" strokeWidth={2} x="74" y="42" width="92" height="10" rx="2" />
    <rect fill="#ffffff" stroke="#2b2b33" strokeWidth={2} x="84" y="126" width="72" height="10" rx="2" />
    <g className="art-pop">
      <circle className="art-accent" cx="194" cy="30" r="16" />
      <path className="art-line art-line--light" d="M194 22v16M186 30h16" />
    </g>
  </Art>,

  /** 5. The feed: memes in a column, the top meme of the day crowned and paid. */
  <Art key="FeedTop" coins={[[176, 34, 8, 'rise']]}>
    <rect className="art-card" x="36" y="62" width="62" height="82" rx="10" />
    <rect className="art-card" x="142" y="62" width="62" height="82" rx="10" />
    <rect className="art-soft" x="43" y="69" width="48" height="48" rx="6" />
    <rect className="art-soft" x="149" y="69" width="48" height="48" rx="6" />
    <rect className="art-card art-card--gold" x="84" y="40" width="72" height="108" rx="12" />
    <rect className="art-soft" x="92" y="48" width="56" height="56" rx="6" />
    <Face x={120} y={76} r={17} swapped />
    <Heart x={104} y={114} s={0.45} />
    <rect className="art-muted" x="116" y="118" width="30" height="6" rx="3" />
    <g className="art-bob">
      <path className="art-gold" d="M98 30l8-16 14 12 14-12 8 16z" />
      <rect className="art-gold" x="98" y="30" width="44" height="6" rx="2" />
    </g>
  </Art>,

  /** 6. Friends: the player and two friends linked, a gift between them. */
  <Art
    key="Friends"
    coins={[
      [40, 60, 7, 'rise'],
      [204, 58, 8, 'rise'],
    ]}
  >
    <path className="art-line art-line--dash" d="M72 90L120 60L168 90" />
    <g className="art-bob">
      <Face x={120} y={52} r={22} swapped />
    </g>
    <Face x={64} y={104} r={20} />
    <Face x={176} y={104} r={20} />
    <rect fill="#ff6b8b" x="102" y="112" width="36" height="30" rx="4" />
    <rect fill="#ff4d6d" x="98" y="104" width="44" height="10" rx="3" />
    <rect className="art-gold" x="117" y="104" width="6" height="38" />
  </Art>,

  /** 7. Airdrop: a parachute bringing a token down. */
  <Art
    key="Airdrop"
    coins={[
      [40, 124, 7],
      [200, 118, 6],
    ]}
  >
    <g className="art-float">
      <path className="art-accent" d="M56 80a64 52 0 0 1 128 0z" />
      <path className="art-soft-strong" d="M98 80a22 52 0 0 1 44 0z" />
      <path className="art-line" d="M58 80l54 50M182 80l-54 50M120 80v46" />
      <circle fill="#0098ea" cx="120" cy="140" r="16" />
      <path fill="#ffffff" d="M111 134h18l-9 16z" />
    </g>
  </Art>,

  /** 8. All set: the rocket takes off. */
  <Art key="AllSet">
    <g className="art-stars">
      <path className="art-gold" d="M44 40l3 8 8 3-8 3-3 8-3-8-8-3 8-3z" />
      <path className="art-gold" d="M196 30l2 6 6 2-6 2-2 6-2-6-6-2 6-2z" />
      <path className="art-gold" d="M186 112l2 5 5 2-5 2-2 5-2-5-5-2 5-2z" />
    </g>
    <g className="art-launch">
      <path className="art-card" d="M120 18c22 18 28 46 22 84h-44c-6-38 0-66 22-84z" />
      <circle className="art-accent" cx="120" cy="62" r="12" />
      <path className="art-accent" d="M98 92l-18 24 22-6zM142 92l18 24-22-6z" />
      <path fill="#ff8a3d" d="M106 104h28l-14 30z" />
    </g>
  </Art>,
];
