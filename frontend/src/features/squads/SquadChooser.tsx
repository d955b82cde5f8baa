import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { playerName, SquadEmblem } from '../rating';
import { formatCoins } from '../balance';
import { useSquads } from './api/get-squads';
import { CooldownNote } from './CooldownNote';
import { SquadAction } from './SquadAction';
import { CoinIcon } from '../../ui/icons';
import { EmptyState } from '../../ui/brand/EmptyState';
import { UsersIcon } from '../../ui/brand/game-icons';
import { LoadMore } from '../../ui/LoadMore';
import { QueryFallback } from '../../ui/QueryFallback';

/** Choose squad: every squad ranked by its members' score, joining or switching with the cooldown shown. */
export function SquadChooser() {
  const { t } = useTranslation();
  const squads = useSquads();
  if (!squads.data) return <QueryFallback query={squads} />;
  const items = squads.data.pages.flatMap((page) => page.items);
  const mine = squads.data.pages[0]?.mine;
  return (
    <div className="squads" data-testid="squad-chooser">
      <CooldownNote mine={mine} />
      {items.length ? (
        <ol className="board__list">
          {items.map((squad) => (
            <li
              key={squad.id}
              className={`board__row${mine?.squadId === squad.id ? ' board__row--me' : ''}`}
              data-testid="squad-row"
            >
              <span className="board__rank">{squad.rank}</span>
              <SquadEmblem title={squad.title} photoUrl={squad.influencer.photoUrl} />
              <Link to={`/squads/${squad.id}`} className="board__name squad__link">
                {squad.title}
                <span className="squad__meta muted">
                  {playerName(squad.influencer)} · {t('squads.members', { count: squad.members })}
                </span>
                <span className="squad__score" data-testid="squad-score">
                  <CoinIcon size={14} /> {formatCoins(squad.score)}
                </span>
              </Link>
              <SquadAction squadId={squad.id} mine={mine} />
            </li>
          ))}
        </ol>
      ) : (
        <EmptyState art={<UsersIcon size={34} />} text={t('squads.empty')} />
      )}
      <LoadMore pages={squads} />
    </div>
  );
}
