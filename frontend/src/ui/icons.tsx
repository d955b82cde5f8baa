import { MintCoin } from './brand/brand-art';

/** Inline icons (no icon font, nothing fetched at run time). */
type IconProps = { size?: number };

const base = (size = 24) => ({
  width: size,
  height: size,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
});

export const ProfileIcon = ({ size }: IconProps) => (
  <svg {...base(size)}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />
  </svg>
);
export const RatingIcon = ({ size }: IconProps) => (
  <svg {...base(size)}>
    <path d="M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0V4z" />
    <path d="M17 6h3v2a3 3 0 0 1-3 3M7 6H4v2a3 3 0 0 0 3 3" />
  </svg>
);
export const FeedIcon = ({ size }: IconProps) => (
  <svg {...base(size)}>
    <rect x="4" y="3" width="16" height="18" rx="3" />
    <path d="M8 15l3-3 2 2 3-3" />
    <circle cx="9" cy="8" r="1.2" />
  </svg>
);
export const InviteIcon = ({ size }: IconProps) => (
  <svg {...base(size)}>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6M19 8v6M16 11h6" />
  </svg>
);
export const QuestsIcon = ({ size }: IconProps) => (
  <svg {...base(size)}>
    <path d="M9 6h11M9 12h11M9 18h11" />
    <path d="M3.5 6l1.2 1.2L7 5M3.5 12l1.2 1.2L7 11M3.5 18l1.2 1.2L7 17" />
  </svg>
);
export const ChevronDownIcon = ({ size }: IconProps) => (
  <svg {...base(size)}>
    <path d="M6 9l6 6 6-6" />
  </svg>
);
export const CameraIcon = ({ size }: IconProps) => (
  <svg {...base(size)}>
    <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
    <circle cx="12" cy="13" r="3.5" />
  </svg>
);
export const GalleryIcon = ({ size }: IconProps) => (
  <svg {...base(size)}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <circle cx="9" cy="10" r="2" />
    <path d="M21 17l-5-5-8 8" />
  </svg>
);
/** The MemeMint coin (ui/brand). */
export const CoinIcon = ({ size }: IconProps) => <MintCoin size={size ?? 18} />;
export const StarIcon = ({ size }: IconProps) => (
  <svg width={size ?? 14} height={size ?? 14} viewBox="0 0 24 24" aria-hidden>
    <path d="M12 2l3 6.5 7 .8-5.2 4.8 1.5 7-6.3-3.7-6.3 3.7 1.5-7L2 9.3l7-.8z" fill="currentColor" />
  </svg>
);
export const PlusIcon = ({ size }: IconProps) => (
  <svg {...base(size)}>
    <path d="M12 5v14M5 12h14" />
  </svg>
);
export const SwipeIcon = ({ size }: IconProps) => (
  <svg {...base(size)}>
    <rect x="7" y="3" width="10" height="14" rx="2" />
    <path d="M3 20h18M6 17l-3 3 3 3M18 17l3 3-3 3" />
  </svg>
);
export const LockIcon = ({ size }: IconProps) => (
  <svg {...base(size)}>
    <rect x="5" y="11" width="14" height="10" rx="2" />
    <path d="M8 11V8a4 4 0 0 1 8 0v3" />
  </svg>
);
export const ShareIcon = ({ size }: IconProps) => (
  <svg {...base(size)}>
    <path d="M12 3v12M7 8l5-5 5 5" />
    <path d="M5 13v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6" />
  </svg>
);
export const DownloadIcon = ({ size }: IconProps) => (
  <svg {...base(size)}>
    <path d="M12 3v12M7 10l5 5 5-5M5 21h14" />
  </svg>
);
export const EditIcon = ({ size }: IconProps) => (
  <svg {...base(size)}>
    <path d="M4 20h4L19 9l-4-4L4 16z" />
    <path d="M13 7l4 4" />
  </svg>
);
