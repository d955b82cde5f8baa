import type { CSSProperties, ReactNode, SyntheticEvent } from 'react';

import './meme-picture.css';

/** A CSS `url()` of `src` (a JSON string is a valid CSS string: quotes and backslashes escaped). */
function cssUrl(src: string): string {
  return `url(${JSON.stringify(src)})`;
}

/**
 * A meme drawn whole in any box: the picture fitted (its caption never cropped) over a blurred,
 * enlarged copy of `fill` (the same small WEBP thumbnail, already in the cache) instead of black bars
 * or a crop. CSS only: no picture is fetched for the fill that is not shown anyway.
 */
export function MemePicture({
  src,
  fill = src,
  alt,
  className,
  loading,
  onSettled,
  children,
}: {
  src: string;
  /** The picture blurred behind (default `src`; the thumbnail when `src` is a larger one). */
  fill?: string;
  alt: string;
  className?: string;
  loading?: 'lazy' | 'eager';
  /** The picture loaded or failed (either way, the box has what it will show). */
  onSettled?: (event: SyntheticEvent<HTMLImageElement>) => void;
  /** Drawn over the picture (a sharper copy, a badge). */
  children?: ReactNode;
}) {
  return (
    <span
      className={className ? `meme-picture ${className}` : 'meme-picture'}
      style={{ '--meme-fill': cssUrl(fill) } as CSSProperties}
    >
      <img
        className="meme-picture__image"
        src={src}
        alt={alt}
        loading={loading}
        draggable={false}
        onLoad={onSettled}
        onError={onSettled}
      />
      {children}
    </span>
  );
}
