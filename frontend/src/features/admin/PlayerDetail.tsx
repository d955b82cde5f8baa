import { GRANT_KINDS, type AdminUserDto, type GrantKind } from '@mememint/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { useApiClient } from '../../lib/api-context';
import { LoadMore } from '../../ui/LoadMore';
import { StarIcon } from '../../ui/icons';
import { QueryFallback } from '../../ui/QueryFallback';
import { toast } from '../../ui/toast';
import { adminApi, adminKeys } from './api';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { usePaged } from './paged';
import { PlayerBan } from './PlayerBan';
import { playerName } from './PlayersPanel';

/** A fresh ticket key for a grant typed in the console (the operator may put their ticket's instead). */
const newKey = () => `console-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

function GrantForm({ player }: { player: AdminUserDto }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<GrantKind>('credits');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(newKey);
  const [confirming, setConfirming] = useState(false);
  const grant = useMutation({
    mutationFn: () => adminApi.grant(client, player.tgId, { kind, amount: Number(amount), reason, key }),
    onSuccess: (result) => {
      toast.success(t(result.applied ? 'admin.players.granted' : 'admin.players.grantRepeated'));
      setConfirming(false);
      setAmount('');
      setReason('');
      setKey(newKey());
      void queryClient.invalidateQueries({ queryKey: adminKeys.user(player.tgId) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.ledger(player.tgId) });
    },
    onError: () => setConfirming(false),
  });
  const valid = /^-?[1-9][0-9]{0,8}$/.test(amount) && reason.trim() !== '' && key.trim() !== '';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (valid) setConfirming(true);
  };
  return (
    <form className="console-card console-form" onSubmit={submit} data-testid="grant-form">
      <h3>{t('admin.players.grant')}</h3>
      <label>
        {t('admin.players.kind')}
        <select value={kind} onChange={(e) => setKind(e.target.value as GrantKind)}>
          {GRANT_KINDS.map((name) => (
            <option key={name} value={name}>
              {t(`admin.players.${name}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('admin.players.amount')}
        <input
          inputMode="numeric"
          required
          value={amount}
          onChange={(e) => setAmount(e.target.value.trim())}
        />
      </label>
      <label>
        {t('admin.players.reason')}
        <input required maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
      </label>
      <label>
        {t('admin.players.key')}
        <input required maxLength={150} value={key} onChange={(e) => setKey(e.target.value.trim())} />
      </label>
      <button type="submit" className="button" disabled={!valid}>
        {t('admin.players.grantButton')}
      </button>
      {confirming && (
        <ConfirmDialog
          confirmLabel={t('admin.confirm')}
          question={t('admin.players.grantConfirm', {
            kind: t(`admin.players.${kind}`),
            name: playerName(player),
            amount: Number(amount) > 0 ? `+${amount}` : amount,
          })}
          busy={grant.isPending}
          onConfirm={() => grant.mutate()}
          onClose={() => setConfirming(false)}
        />
      )}
    </form>
  );
}

function FlagButton({ player, flag }: { player: AdminUserDto; flag: 'influencer' | 'admin' }) {
  const { t } = useTranslation();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const on = flag === 'admin' ? player.isAdmin : player.infl;
  const label = t(
    flag === 'admin'
      ? on
        ? 'admin.players.stopAdmin'
        : 'admin.players.makeAdmin'
      : on
        ? 'admin.players.stopInfluencer'
        : 'admin.players.makeInfluencer',
  );
  const change = useMutation({
    mutationFn: () => adminApi.setFlag(client, player.tgId, flag, !on),
    onSuccess: () => {
      toast.success(t('admin.players.flagChanged'));
      void queryClient.invalidateQueries({ queryKey: adminKeys.user(player.tgId) });
    },
    onSettled: () => setConfirming(false),
  });
  return (
    <>
      <button
        type="button"
        className="button button--small button--secondary"
        onClick={() => setConfirming(true)}
      >
        {label}
      </button>
      {confirming && (
        <ConfirmDialog
          confirmLabel={t('admin.confirm')}
          question={t('admin.players.flagConfirm', { action: label, name: playerName(player) })}
          busy={change.isPending}
          onConfirm={() => change.mutate()}
          onClose={() => setConfirming(false)}
        />
      )}
    </>
  );
}

function Ledger({ tgId }: { tgId: number }) {
  const { t, i18n } = useTranslation();
  const client = useApiClient();
  const { query, items } = usePaged(adminKeys.ledger(tgId), (page) => adminApi.ledger(client, tgId, page));
  return (
    <section className="console-card">
      <h3>{t('admin.players.ledger')}</h3>
      {query.isPending || query.isError ? (
        <QueryFallback query={query} />
      ) : (
        <table className="console-table">
          <tbody>
            {items.map((entry) => (
              <tr key={entry.id}>
                <td>{new Date(entry.createdAt).toLocaleString(i18n.language)}</td>
                <td>{t(`admin.players.${entry.kind}`)}</td>
                <td className={entry.delta < 0 ? 'console-negative' : ''}>
                  {entry.delta > 0 ? `+${entry.delta}` : entry.delta}
                </td>
                <td>{entry.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <LoadMore pages={query} />
    </section>
  );
}

/** One player in full: balances (refreshed after each grant), flags, squad, orders, memes, ledger. */
export function PlayerDetail() {
  const { t, i18n } = useTranslation();
  const client = useApiClient();
  const tgId = Number(useParams().tgId);
  const query = useQuery({ queryKey: adminKeys.user(tgId), queryFn: () => adminApi.user(client, tgId) });
  const player = query.data;
  if (!player) return <QueryFallback query={query} />;
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language);
  return (
    <div className="console-panel console-panel--split">
      <div>
        <section className="console-card" data-testid="player-detail">
          <h3>
            {playerName(player)} <span className="console-hint">{player.tgId}</span>
          </h3>
          <p data-testid="player-balances">
            {t('admin.players.balances', {
              credits: player.generationLimit,
              coins: player.memeCoins,
              swipes: player.swipes,
            })}
          </p>
          <p className="console-hint">{t('admin.players.joined', { date: date(player.createdAt) })}</p>
          <p>
            {player.isAdmin && <span className="console-badge">{t('admin.players.admin')}</span>}
            {player.infl && <span className="console-badge">{t('admin.players.influencer')}</span>}
            {player.ban && (
              <span className="console-badge console-badge--danger">{t('admin.players.banned')}</span>
            )}
          </p>
          <p>
            {t('admin.players.squad')}: {player.squad ? player.squad.title : t('admin.players.noSquad')}
          </p>
          <div className="console-row">
            <FlagButton player={player} flag="influencer" />
            {!player.adminByConfig && <FlagButton player={player} flag="admin" />}
          </div>
        </section>
        <GrantForm player={player} />
        <PlayerBan player={player} />
      </div>
      <div>
        <section className="console-card">
          <h3>{t('admin.players.orders')}</h3>
          <ul className="console-list console-list--plain">
            {player.orders.map((order) => (
              <li key={order.id}>
                {date(order.createdAt)} · {order.stars} <StarIcon /> ·{' '}
                {t(`admin.orders.status.${order.status}`)}
              </li>
            ))}
          </ul>
          <h3>{t('admin.players.memes')}</h3>
          <div className="console-thumbs">
            {player.memes.map((meme) => (
              <img key={meme.id} src={meme.thumbnailUrl} alt="" loading="lazy" />
            ))}
          </div>
          <h3>{t('admin.players.referrals')}</h3>
          <ul className="console-list console-list--plain">
            {player.referrals.map((friend) => (
              <li key={friend.tgId}>{playerName(friend)}</li>
            ))}
          </ul>
        </section>
        <Ledger tgId={tgId} />
      </div>
    </div>
  );
}
