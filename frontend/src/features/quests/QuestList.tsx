import type { QuestDto, QuestKind, QuestReward } from '@mememint/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { haptic, openTelegram } from '../../telegram/sdk';
import { celebrate } from '../moments';
import { earningMultiplier, useUser } from '../session';
import { TicketIcon } from '../../ui/brand/game-icons';
import { CoinIcon } from '../../ui/icons';
import { useCheckQuest } from './api/check-quest';
import { useQuests } from './api/get-quests';
import './quests.css';
import { QueryFallback } from '../../ui/QueryFallback';

/** A quest's reward as the player gets it: coins after their earning multiplier (issue 22, defect 6). */
function RewardChips({ reward }: { reward: QuestReward }) {
  const { t } = useTranslation();
  const m = earningMultiplier(useUser());
  return (
    <span className="quest__reward">
      {reward.coins ? (
        <span className="reward-chip">
          <CoinIcon size={14} /> +{reward.coins * m}
        </span>
      ) : null}
      {reward.credits ? (
        <span className="reward-chip">
          <TicketIcon size={14} /> {t('quests.credits', { count: reward.credits })}
        </span>
      ) : null}
    </span>
  );
}

/** Where a quest done inside the app is done: "Not done yet" leads there instead of ending the way. */
const QUEST_PLACES: Partial<Record<QuestKind, string>> = {
  invite_friends: '/invite',
  first_meme: '/main',
  publish_meme: '/profile',
  ton_wallet: '/airdrop',
  sticker_pack: '/stickers',
};

/** One quest: what to do, its reward, "Go" (a link to follow first) then "Check", or done. */
function QuestItem({ quest }: { quest: QuestDto }) {
  const { t } = useTranslation();
  const [went, setWent] = useState(false);
  const [notYet, setNotYet] = useState(false);
  // Not yet: said on the card. Done: the quest's moment (its coins fly into the balance).
  const check = useCheckQuest({
    onSuccess: (answer) => {
      setNotYet(!answer.done);
      if (!answer.done) return haptic.error();
      const reward = answer.reward ?? {};
      celebrate({
        kind: 'quest',
        title: t('moments.questTitle'),
        text: quest.title,
        gain: reward.coins
          ? { counter: 'coins', amount: reward.coins }
          : reward.credits
            ? { counter: 'credits', amount: reward.credits }
            : undefined,
      });
    },
  });
  const needsGo = quest.link !== undefined && !went;
  const place = quest.link === undefined ? QUEST_PLACES[quest.kind] : undefined;
  return (
    <li className={`quest card-row${quest.done ? ' quest--done' : ''}`} data-testid={`quest-${quest.kind}`}>
      <div className="quest__text card-row__text">
        <span className="quest__title card-row__title">{quest.title}</span>
        <span className="quest__description card-row__description muted">{quest.description}</span>
        <RewardChips reward={quest.reward} />
        {notYet && (
          <span className="quest__hint" role="status">
            {t('quests.notYet')}
            {place && (
              <Link to={place} className="quest__place">
                {t(`quests.places.${quest.kind}`)}
              </Link>
            )}
          </span>
        )}
      </div>
      <div className="quest__action">
        {quest.done ? (
          <span className="quest__done">{t('quests.done')}</span>
        ) : needsGo ? (
          <button
            type="button"
            className="button button--small"
            onClick={() => {
              haptic.tap();
              openTelegram(quest.link!);
              setWent(true);
            }}
          >
            {t('quests.go')}
          </button>
        ) : (
          <button
            type="button"
            className="button button--small button--secondary"
            disabled={check.isPending}
            aria-busy={check.isPending}
            onClick={() => check.mutate(quest.id)}
          >
            {check.isPending ? t('quests.checking') : t('quests.check')}
          </button>
        )}
      </div>
    </li>
  );
}

/** Quests with their rewards (docs/SPEC.md §7 "Quests"). */
export function QuestList() {
  const { t } = useTranslation();
  const quests = useQuests();
  if (!quests.data) return <QueryFallback query={quests} />;
  if (!quests.data.items.length) return <p className="empty">{t('quests.empty')}</p>;
  return (
    <ul className="quests card-list" data-testid="quest-list">
      {quests.data.items.map((quest) => (
        <QuestItem key={quest.id} quest={quest} />
      ))}
    </ul>
  );
}
