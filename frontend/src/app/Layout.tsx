import { Outlet } from 'react-router';
import { BottomNav } from './BottomNav';
import { TopMenu } from './TopMenu';

export function Layout() {
  return (
    <div className="layout">
      <TopMenu />
      <main className="layout__content">
        <Outlet />
      </main>
      <BottomNav />
    </div>
  );
}
