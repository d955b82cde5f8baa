import type { ReactNode } from 'react';

/**
 * The game's line icons (our own, 24×24 on a 2 px stroke like ui/icons.tsx), each made from path data
 * by one factory, so an icon costs only its drawing. Filled variants say so by `fill`.
 */
type IconProps = { size?: number; className?: string };

function icon(paths: string[], fill = false, extra?: ReactNode) {
  const Icon = ({ size = 24, className }: IconProps) => (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={fill ? 'currentColor' : 'none'}
      stroke={fill ? 'none' : 'currentColor'}
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
      {extra}
    </svg>
  );
  return Icon;
}

const HEART = 'M12 20.5s-8-4.9-8-10.6A4.6 4.6 0 0 1 12 7a4.6 4.6 0 0 1 8 2.9c0 5.7-8 10.6-8 10.6z';
export const HeartIcon = icon([HEART]);
export const HeartFilledIcon = icon([HEART], true);
export const CrossIcon = icon(['M6 6l12 12M18 6L6 18']);
export const CheckIcon = icon(['M5 12.5l4.5 4.5L19 7.5']);
export const GiftIcon = icon([
  'M4 11h16v9a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1z',
  'M3 7h18v4H3zM12 7v14',
  'M12 7C10 3 6 3.5 7 6c.6 1 3 1 5 1zM12 7c2-4 6-3.5 5-1-.6 1-3 1-5 1z',
]);
export const TrophyIcon = icon([
  'M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0V4z',
  'M17 6h3v2a3 3 0 0 1-3 3M7 6H4v2a3 3 0 0 0 3 3',
]);
export const CrownIcon = icon(['M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5z'], true);
export const ArrowUpIcon = icon(['M12 19V6M6 11l6-6 6 6']);
export const ArrowDownIcon = icon(['M12 5v13M6 13l6 6 6-6']);
export const SparkIcon = icon(['M12 2l2.2 6.8L21 11l-6.8 2.2L12 20l-2.2-6.8L3 11l6.8-2.2z'], true);
export const RocketIcon = icon([
  'M12 15l-3-3c1.5-4.5 5-8 10-9-1 5-4.5 8.5-9 10z',
  'M9 12l-4-.5 3-3.5h3M12 15l.5 4 3.5-3v-3',
  'M6.5 17.5c-1 1-1.5 3-1.5 3s2-.5 3-1.5',
]);
export const TicketIcon = icon([
  'M3 8a2 2 0 0 0 0 4v0a2 2 0 0 1 0 4v2h18v-2a2 2 0 0 1 0-4 2 2 0 0 0 0-4V6H3z',
  'M14 6v12',
]);
export const UsersIcon = icon([
  'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6',
  'M16 4.5a3.3 3.3 0 0 1 0 6.3M18 14.2c2 .7 3.5 2.6 3.5 5.8',
]);
export const ImageIcon = icon(['M4 4h16v16H4z', 'M20 16l-5-5-9 9', 'M9 8.5a.5.5 0 1 0 0 1 .5.5 0 0 0 0-1z']);
