import { isBoostActive } from '@mememint/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { BalanceSheet, formatCoins, swipeBar, useAnimatedCoins } from '../features/balance';
import { useDailyBonusToast } from '../features/payments';
import { PromoCreateDialog, PromoEnterDialog } from '../features/promo';
import { displayName, useUser } from '../features/session';
import { haptic } from '../telegram/sdk';
import { avatarGradient, initial, playerName } from '../ui/avatar-art';
import { ChevronDownIcon, CoinIcon, StarIcon } from '../ui/icons';
import { toast } from '../ui/toast';

/**
 * docs/SPEC.md §2 top menu: avatar (the player's photo, else the generated avatar the rating shows), name, coins, the labelled swipe bar (a tap on either opens the balance
 * sheet), and the promo/invite dropdown.
 */
export function TopMenu() {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const boosted = isBoostActive(user.boostEnds);
  const coins = useAnimatedCoins(user.memeCoins);
  const swipes = swipeBar(user.swipes);
  const [menuOpen, setMenuOpen] = useState(false);
  const [dialog, setDialog] = useState<'enter' | 'create' | 'balance' | null>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  useDailyBonusToast();

  useEffect(() => {
    if (!menuOpen) return;
    const close = (e: PointerEvent) => {
      if (!menuRef.current?.contains(e.target as Node)) setMenuOpen(false);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [menuOpen]);

  const name = displayName(user);
  // The generated avatar the boards draw for this player (the same colours and initial).
  const avatarName = playerName(user);
  return (
    <header className="top-menu">
      <div
        className={`avatar${user.photoUrl ? '' : ' avatar--generated'}${user.infl || boosted ? ' avatar--marked' : ''}`}
        data-testid="menu-avatar"
        style={user.photoUrl ? undefined : { background: avatarGradient(avatarName) }}
      >
        {user.photoUrl ? <img src={user.photoUrl} alt="" /> : <span aria-hidden>{initial(avatarName)}</span>}
        {boosted && user.boostEnds && (
          <button
            type="button"
            className="avatar__badge"
            aria-label={t('menu.premium')}
            onClick={() => {
              haptic.tap();
              const date = new Date(user.boostEnds!).toLocaleDateString(i18n.language);
              toast.info(t('menu.boostUntil', { date }));
            }}
          >
            <StarIcon size={10} />
          </button>
        )}
      </div>
      <div className="top-menu__info">
        <div className="top-menu__name">{name}</div>
        <button
          type="button"
          className="top-menu__balances"
          aria-haspopup="dialog"
          onClick={() => {
            haptic.tap();
            setDialog('balance');
          }}
        >
          <span
            className={`coins${coins.flash ? ` coins--${coins.flash}` : ''}`}
            aria-label={t('menu.coins')}
            data-testid="coin-balance"
            data-counter="coins"
          >
            <CoinIcon size={16} />
            {formatCoins(coins.shown)}
          </span>
          <span className="swipe-bar" data-testid="swipe-bar" data-counter="swipes">
            <span className="swipe-bar__name">{t('menu.swipesShort')}</span>
            <span className="swipe-bar__track" aria-hidden>
              <span className="swipe-bar__fill" style={{ width: `${swipes.fraction * 100}%` }} />
            </span>
            <span className="swipe-bar__label">
              {swipes.current}/{swipes.max}
            </span>
          </span>
        </button>
      </div>
      <div className="top-menu__dropdown" ref={menuRef}>
        <button
          type="button"
          className="icon-button"
          aria-label={t('menu.open')}
          aria-expanded={menuOpen}
          onClick={() => {
            haptic.select();
            setMenuOpen((open) => !open);
          }}
        >
          <ChevronDownIcon />
        </button>
        {menuOpen && (
          <div className="dropdown" role="menu">
            <button
              type="button"
              role="menuitem"
              onClick={() => {
                setMenuOpen(false);
                setDialog(user.infl ? 'create' : 'enter');
              }}
            >
              {user.infl ? t('menu.createPromo') : t('menu.enterPromo')}
            </button>
            <Link role="menuitem" to="/invite" onClick={() => setMenuOpen(false)}>
              {t('menu.invite')}
            </Link>
            {user.isAdmin && (
              <Link role="menuitem" to="/admin" onClick={() => setMenuOpen(false)}>
                {t('menu.console')}
              </Link>
            )}
          </div>
        )}
      </div>
      {dialog === 'enter' && <PromoEnterDialog onClose={() => setDialog(null)} />}
      {dialog === 'create' && <PromoCreateDialog onClose={() => setDialog(null)} />}
      {dialog === 'balance' && <BalanceSheet onClose={() => setDialog(null)} />}
    </header>
  );
}
