import type { AnimationFields } from '@mememint/contracts';
import { lazy, Suspense } from 'react';

import type { MemeVideoProps } from './MemeVideo';

// The player's code comes only with the first animated card: a still deck's first screen pays nothing.
const MemeVideo = lazy(() => import('./MemeVideo').then((module) => ({ default: module.MemeVideo })));

/**
 * Over a meme's picture (its poster), the animation's player when the meme is animated; nothing for a
 * still. See MemeVideo for when it plays.
 */
export function AnimatedMeme({
  meme,
  ...props
}: { meme: Pick<AnimationFields, 'kind' | 'durationMs' | 'videoUrl'> } & Omit<
  MemeVideoProps,
  'src' | 'durationMs'
>) {
  if (meme.kind !== 'animation' || !meme.videoUrl) return null;
  return (
    <Suspense fallback={null}>
      {/* A new video (an edited caption's) starts over: fetched and played as the first one was. */}
      <MemeVideo key={meme.videoUrl} src={meme.videoUrl} durationMs={meme.durationMs} {...props} />
    </Suspense>
  );
}
