import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, NavLink, Route, Routes } from 'react-router';

import { Spinner } from '../../ui/Spinner';
import { AuditPanel } from './AuditPanel';
import { GamePanel } from './GamePanel';
import { ModerationPanel } from './ModerationPanel';
import { OrdersPanel } from './OrdersPanel';
import { PlayerDetail } from './PlayerDetail';
import { PlayersPanel } from './PlayersPanel';
import { TemplatesPanel } from './TemplatesPanel';
import { addConsoleTexts } from './texts';
import './admin.css';

addConsoleTexts();

/** The charting library comes with the figures only. */
const FiguresPanel = lazy(async () => ({
  default: (await import('./FiguresPanel')).FiguresPanel,
}));

const TABS = ['templates', 'moderation', 'players', 'orders', 'game', 'figures', 'audit'] as const;

/**
 * The operator console (`/admin/…`, admins only: the router shows others the not-found screen and
 * the API answers them 403): one page per part, tabs on top, a column on phones, two on desktops.
 */
export function Console() {
  const { t } = useTranslation();
  return (
    <div className="console" data-testid="console">
      <header className="console__header">
        <h1>{t('admin.title')}</h1>
        <Link to="/main" className="button button--small button--secondary">
          {t('admin.back')}
        </Link>
      </header>
      <nav className="console__tabs" aria-label={t('admin.title')}>
        {TABS.map((tab) => (
          <NavLink key={tab} to={`/admin/${tab}`} className="console__tab">
            {t(`admin.tabs.${tab}`)}
          </NavLink>
        ))}
      </nav>
      <main className="console__content">
        <Suspense fallback={<Spinner />}>
          <Routes>
            <Route index element={<Navigate to="templates" replace />} />
            <Route path="templates" element={<TemplatesPanel />} />
            <Route path="moderation" element={<ModerationPanel />} />
            <Route path="players" element={<PlayersPanel />} />
            <Route path="players/:tgId" element={<PlayerDetail />} />
            <Route path="orders" element={<OrdersPanel />} />
            <Route path="game" element={<GamePanel />} />
            <Route path="figures" element={<FiguresPanel />} />
            <Route path="audit" element={<AuditPanel />} />
            <Route path="*" element={<Navigate to="templates" replace />} />
          </Routes>
        </Suspense>
      </main>
    </div>
  );
}
