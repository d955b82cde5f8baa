import type { AdminUserSummaryDto } from '@mememint/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useApiClient } from '../../lib/api-context';
import { QueryFallback } from '../../ui/QueryFallback';
import { adminApi, adminKeys } from './api';

/** How an operator names a player: the username, else the first name, else the id. */
export function playerName(player: Pick<AdminUserSummaryDto, 'tgId' | 'username' | 'firstName'>): string {
  return player.username ? `@${player.username}` : (player.firstName ?? String(player.tgId));
}

/** Search by Telegram id or username; the newest players before any search. */
export function PlayersPanel() {
  const { t } = useTranslation();
  const client = useApiClient();
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  const query = useQuery({ queryKey: adminKeys.users(q), queryFn: () => adminApi.searchUsers(client, q) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setQ(input.trim());
  };
  return (
    <div className="console-panel">
      <form className="console-row console-search" role="search" onSubmit={submit}>
        <input
          type="search"
          aria-label={t('admin.players.search')}
          placeholder={t('admin.players.search')}
          value={input}
          onChange={(e) => setInput(e.target.value)}
        />
        <button type="submit" className="button button--small">
          {t('admin.players.find')}
        </button>
      </form>
      {!query.data ? (
        <QueryFallback query={query} />
      ) : query.data.length === 0 ? (
        <p className="empty">{t('admin.players.none')}</p>
      ) : (
        <ul className="console-list">
          {query.data.map((player) => (
            <li key={player.tgId} className="console-item">
              <Link
                className="console-item__main"
                to={`/admin/players/${player.tgId}`}
                data-testid="player-link"
              >
                <strong>{playerName(player)}</strong>
                <span className="console-hint">
                  {player.tgId} ·{' '}
                  {t('admin.players.balances', {
                    credits: player.generationLimit,
                    coins: player.memeCoins,
                    swipes: player.swipes,
                  })}
                </span>
              </Link>
              {player.isAdmin && <span className="console-badge">{t('admin.players.admin')}</span>}
              {player.infl && <span className="console-badge">{t('admin.players.influencer')}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
