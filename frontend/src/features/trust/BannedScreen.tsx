import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { type BanNotice, useBanNotice } from '../../lib/banned';
import { AccountActions } from './AccountActions';
import { PRIVACY_PATH } from './paths';
import './trust.css';

/**
 * What a banned player sees instead of the game (403 BANNED on a write): that they are banned, until
 * when, and what stays open to them (looking, deleting their face or account, the privacy page).
 */
export function BannedScreen({ notice }: { notice: BanNotice }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="page banned-screen" data-testid="banned-screen" role="alert">
      <h1>{t('trust.bannedTitle')}</h1>
      <p className="banned-screen__until">
        {notice.until
          ? t('trust.bannedUntil', {
              date: new Date(notice.until).toLocaleString(i18n.language, {
                dateStyle: 'medium',
                timeStyle: 'short',
              }),
            })
          : t('trust.bannedForever')}
      </p>
      <p className="muted">{t('trust.bannedText')}</p>
      <AccountActions />
    </div>
  );
}

/** The layout's content, or the banned screen once the API said the player is banned (the privacy page stays open). */
export function BanGate({ children }: { children: ReactNode }) {
  const ban = useBanNotice();
  const { pathname } = useLocation();
  return ban && pathname !== PRIVACY_PATH ? <BannedScreen notice={ban} /> : children;
}
