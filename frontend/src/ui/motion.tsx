import { LazyMotion, MotionConfig } from 'motion/react';
import type { ReactNode } from 'react';

let firstScreenUp: () => void = () => undefined;
const firstScreen = new Promise<void>((resolve) => (firstScreenUp = resolve));

/**
 * Called once the first screen is painted: motion's animation, drag and layout code is fetched and
 * evaluated after it, never on the way to it (a weak phone's CPU is the bottleneck there).
 */
export function startMotion(): void {
  firstScreenUp();
}

const loadFeatures = () =>
  firstScreen.then(() => import('./motion-features')).then((module) => module.default);

/**
 * Lets the `m.*` components (motion/react's small ones) animate. They render at once as plain elements
 * in their initial styles and move as soon as the features arrive; `strict` refuses a full `motion.*`
 * component, which would pull the whole library back into the first screen's code.
 */
export function MotionFeatures({ children }: { children: ReactNode }) {
  return (
    <LazyMotion features={loadFeatures} strict>
      {/* The phone's "reduce motion" turns springs and slides into plain changes. */}
      <MotionConfig reducedMotion="user">{children}</MotionConfig>
    </LazyMotion>
  );
}
