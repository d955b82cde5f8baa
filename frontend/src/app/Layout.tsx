import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';

import { preloadCreateMeme } from '../features/create-meme';
import { BanGate } from '../features/trust';
import { ConnectionBanner } from '../ui/ConnectionBanner';
import { startMotion } from '../ui/motion';
import { PageSkeleton } from './AppShell';
import { BottomNav } from './BottomNav';
import { TopMenu } from './TopMenu';

export function Layout() {
  // Animations and the create flow's code (5 KB) once this frame is painted, so the first tap on
  // Create finds it (the deck's first picture is already on its way from index.html).
  useEffect(() => {
    const frame = requestAnimationFrame(() =>
      setTimeout(() => {
        startMotion();
        preloadCreateMeme();
      }),
    );
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <div className="layout">
      <TopMenu />
      <ConnectionBanner />
      <main className="layout__content">
        <BanGate>
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </BanGate>
      </main>
      <BottomNav />
    </div>
  );
}
