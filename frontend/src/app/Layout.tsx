import { Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';

import { preloadCreateMeme } from '../features/create-meme';
import { startMotion } from '../ui/motion';
import { PageSkeleton } from './AppShell';
import { BottomNav } from './BottomNav';
import { TopMenu } from './TopMenu';

export function Layout() {
  // The create flow's code comes once the first screen is up, so the first tap on Create finds it.
  useEffect(() => {
    const timer = setTimeout(preloadCreateMeme, 1500);
    // Animations next, once this frame is painted.
    const frame = requestAnimationFrame(() => setTimeout(startMotion));
    return () => {
      clearTimeout(timer);
      cancelAnimationFrame(frame);
    };
  }, []);
  return (
    <div className="layout">
      <TopMenu />
      <main className="layout__content">
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
        </Suspense>
      </main>
      <BottomNav />
    </div>
  );
}
