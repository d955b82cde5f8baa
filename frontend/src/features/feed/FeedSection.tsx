import type { FeedItemDto, FeedPeriod, FeedSort } from '@mememint/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { haptic } from '../../telegram/sdk';
import { ChoiceGroup } from '../../ui/ChoiceGroup';
import { useUser } from '../session';
import { useReloadOnNewMemes } from '../../lib/new-memes';
import { useFeed } from './api/get-feed';
import { feedKeys } from './api/keys';
import { FeedCard } from './FeedCard';
import { MemeOfTheDay } from './MemeOfTheDay';
import { VoteDialog } from './VoteDialog';
import { VotedList } from './VotedList';
import './feed.css';
import { LoadMore } from '../../ui/LoadMore';
import { QueryFallback } from '../../ui/QueryFallback';

const VIEWS = ['feed', 'voted'] as const;
const PERIODS: Record<FeedPeriod, string> = {
  day: 'main.periodDay',
  week: 'main.periodWeek',
  month: 'main.periodMonth',
  all: 'main.periodAll',
};
const SORTS: Record<FeedSort, string> = { top: 'main.sortTop', new: 'main.sortNew' };

/** The feed of /main: the meme of the day, pages by period and order with bets, and the player's bets. */
export function FeedSection() {
  const { t } = useTranslation();
  const user = useUser();
  const [view, setView] = useState<(typeof VIEWS)[number]>('feed');
  const [period, setPeriod] = useState<FeedPeriod>('day');
  const [sort, setSort] = useState<FeedSort>('top');
  const [voting, setVoting] = useState<FeedItemDto | null>(null);
  const feed = useFeed(period, sort);
  // New memes: "No memes in the feed yet" does not stay (issue 22, defect 3).
  useReloadOnNewMemes(feedKeys.pages());
  const items = feed.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section className="section feed" aria-label={t('main.feedTitle')}>
      <h2>{t('main.feedTitle')}</h2>
      <MemeOfTheDay />
      <ChoiceGroup
        kind="tab"
        options={VIEWS}
        value={view}
        onChange={(next) => {
          haptic.select();
          setView(next);
        }}
        label={(key) => t(`feed.view.${key}`)}
        className="chips"
        itemClassName="chip"
      />
      {view === 'voted' ? (
        <VotedList />
      ) : (
        <>
          <ChoiceGroup
            kind="tab"
            options={Object.keys(PERIODS) as FeedPeriod[]}
            value={period}
            onChange={setPeriod}
            label={(key) => t(PERIODS[key])}
            className="chips"
            itemClassName="chip"
          />
          <ChoiceGroup
            kind="tab"
            options={Object.keys(SORTS) as FeedSort[]}
            value={sort}
            onChange={setSort}
            label={(key) => t(SORTS[key])}
            className="chips chips--small"
            itemClassName="chip"
          />
          {!feed.data ? (
            <QueryFallback query={feed} />
          ) : items.length ? (
            <ul className="feed-list" data-testid="feed-list">
              {items.map((item) => (
                <FeedCard key={item.id} item={item} own={item.author.tgId === user.tgId} onVote={setVoting} />
              ))}
            </ul>
          ) : (
            <p className="empty">{t('main.feedEmpty')}</p>
          )}
          <LoadMore pages={feed} />
        </>
      )}
      {voting && <VoteDialog item={voting} onClose={() => setVoting(null)} />}
    </section>
  );
}
