import { SQUAD_TITLE_MAX_LENGTH } from '@mememint/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { ApiError } from '../../lib/api-errors';
import { StatGrid } from '../../ui/StatGrid';
import { PlayerBoard, playerName, SquadEmblem } from '../rating';
import { useUser } from '../session';
import { useSquad } from './api/get-squad';
import { useSquads } from './api/get-squads';
import { useRenameSquad } from './api/rename-squad';
import { CooldownNote } from './CooldownNote';
import { SquadAction } from './SquadAction';
import { QueryFallback } from '../../ui/QueryFallback';

/** The squad's own title field, for its influencer. */
function RenameSquad({ title }: { title: string }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(title);
  const rename = useRenameSquad();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (value.trim()) rename.mutate(value.trim());
  }
  return (
    <form className="squad__rename" onSubmit={submit}>
      <label className="field">
        <span className="field__label">{t('squads.title')}</span>
        <input
          className="input"
          value={value}
          maxLength={SQUAD_TITLE_MAX_LENGTH}
          onChange={(e) => setValue(e.target.value)}
        />
      </label>
      <button type="submit" className="button button--small" disabled={!value.trim() || rename.isPending}>
        {t('common.save')}
      </button>
    </form>
  );
}

/** A squad's page: its influencer, members and score, join/leave, and its members' board when it is yours. */
export function SquadView({ id }: { id: number }) {
  const { t } = useTranslation();
  const user = useUser();
  const squad = useSquad(id);
  const squads = useSquads();
  const mine = squads.data?.pages[0]?.mine;
  if (!squad.data)
    return squad.error instanceof ApiError && squad.error.status === 404 ? (
      <p className="empty">{t('squads.notFound')}</p>
    ) : (
      <QueryFallback query={squad} />
    );
  const isMine = mine?.squadId === id;
  const leader = squad.data.influencer;
  return (
    <div className="page" data-testid="squad-page">
      <section className="section squad__head">
        <SquadEmblem title={squad.data.title} photoUrl={leader.photoUrl} size={56} />
        <div className="squad__head-text">
          <h1>{squad.data.title}</h1>
          <span className="muted">{t('squads.ledBy', { name: playerName(leader) })}</span>
        </div>
        <SquadAction squadId={id} mine={mine} />
      </section>
      <CooldownNote mine={mine} />
      <StatGrid
        stats={[
          { label: t('squads.rank'), value: squad.data.rank },
          { label: t('squads.membersLabel'), value: squad.data.members, testId: 'squad-members' },
          { label: t('squads.score'), value: squad.data.score },
          // Its influencer sees what the members' purchases earned them (Stars).
          ...(user.infl && user.tgId === leader.tgId
            ? [{ label: t('profile.squadStars'), value: user.referralSpending, testId: 'stat-squad-stars' }]
            : []),
        ]}
      />
      {isMine && user.infl && user.tgId === leader.tgId && <RenameSquad title={squad.data.title} />}
      {isMine && (
        <section className="section">
          <h2>{t('squads.membersLabel')}</h2>
          <PlayerBoard tab="squad" period="all" />
        </section>
      )}
    </div>
  );
}
