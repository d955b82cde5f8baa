import { AnimatePresence } from 'motion/react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { PlansSheet } from '../payments';
import { useUser } from '../session';
import { EmptyState } from '../../ui/brand/EmptyState';
import { CrossIcon, HeartFilledIcon, ImageIcon } from '../../ui/brand/game-icons';
import { Spinner } from '../../ui/Spinner';
import { GiftBox } from './GiftBox';
import { isFlagSet, setFlag, SKIP_SWIPES_INTRO } from './intro';
import { NoSwipes } from './NoSwipes';
import { SwipeCard } from './SwipeCard';
import { usePendingGifts } from './useGifts';
import { useSwipeDeck } from './useSwipeDeck';
import { useSwipesAdded } from './useSwipesAdded';
import './swipes.css';
import { LoadFailed } from '../../ui/QueryFallback';

const loadGiftReveal = () => import('./GiftReveal');
const GiftReveal = lazy(loadGiftReveal);

/** Cards drawn at once: the top one and two waiting under it (their pictures already loading). */
const VISIBLE = 3;

/** /main's game: the deck of memes to swipe, its buttons, gifts, and the states around it. */
export function SwipeDeck() {
  const { t } = useTranslation();
  const user = useUser();
  const gifts = usePendingGifts();
  // A gift a swipe of this phone rolled opens its reveal at once; one from elsewhere waits on the button.
  const [revealing, setRevealing] = useState(false);
  const deck = useSwipeDeck({
    onGift: (gift) => {
      gifts.add(gift);
      setRevealing(true);
    },
  });
  const [likes, setLikes] = useState(0);
  const swipe = (like: boolean) => {
    // The reveal's code comes with the first swipe, long before the 10th.
    void loadGiftReveal();
    if (like) setLikes((n) => n + 1);
    deck.swipe(like);
  };
  const [buying, setBuying] = useState(false);
  const [intro, setIntro] = useState(() => !isFlagSet(SKIP_SWIPES_INTRO, user.tgId));
  const outOfSwipes = user.swipes < 1 || deck.problem === 'noSwipes';
  const top = deck.cards[0];
  const introShown = intro && !!top && !outOfSwipes;
  const added = useSwipesAdded(user.tgId, user.swipes, !introShown);

  return (
    <section className="section swipe-deck" aria-label={t('swipes.title')}>
      <div className="swipe-deck__head">
        <h2>{t('swipes.title')}</h2>
        <GiftBox count={gifts.pending.length} onOpen={() => setRevealing(true)} />
      </div>
      {/* Above the cards, never over them. */}
      {added.visible && (
        <div className="swipes-added" role="status" data-testid="swipes-added">
          <span>
            <strong className="swipes-added__count">+{added.added}</strong>{' '}
            {t('swipes.addedRecently', { count: added.added })}
          </span>
          <button type="button" className="link-button" onClick={added.dismiss}>
            {t('swipes.introOk')}
          </button>
        </div>
      )}
      <div className="swipe-deck__stack">
        {deck.loading ? (
          <Spinner />
        ) : deck.failed ? (
          <LoadFailed onRetry={deck.reload} retrying={deck.fetching} />
        ) : outOfSwipes ? (
          <NoSwipes onBuy={() => setBuying(true)} />
        ) : !top ? (
          <div className="swipe-deck__state">
            <EmptyState
              testId="deck-empty"
              art={<ImageIcon size={34} />}
              title={t('swipes.emptyTitle')}
              text={t('swipes.emptyText')}
              action={
                <button
                  type="button"
                  className="button button--small"
                  disabled={deck.fetching}
                  onClick={deck.reload}
                >
                  {t('swipes.reload')}
                </button>
              }
            />
          </div>
        ) : (
          <AnimatePresence initial={false}>
            {deck.cards
              .slice(0, deck.pictureIn ? VISIBLE : 1)
              .map((item, depth) => (
                <SwipeCard
                  key={item.id}
                  item={item}
                  depth={depth}
                  onSwipe={swipe}
                  onPictureSettled={depth === 0 ? deck.pictureSettled : undefined}
                />
              ))
              .reverse()}
          </AnimatePresence>
        )}
        {likes > 0 && (
          <span key={likes} className="like-burst" data-testid="like-burst" aria-hidden>
            <HeartFilledIcon size={110} />
          </span>
        )}
        {introShown && (
          <div className="swipe-intro" role="note">
            <p>{t('swipes.intro')}</p>
            <button
              type="button"
              className="button button--small"
              onClick={() => {
                setFlag(SKIP_SWIPES_INTRO, user.tgId);
                setIntro(false);
              }}
            >
              {t('swipes.introOk')}
            </button>
          </div>
        )}
      </div>
      <div className="swipe-deck__buttons">
        <button
          type="button"
          className="swipe-button swipe-button--skip"
          aria-label={t('swipes.skip')}
          disabled={!top || outOfSwipes}
          onClick={() => swipe(false)}
        >
          <CrossIcon size={28} />
        </button>
        <button
          type="button"
          className="swipe-button swipe-button--like"
          aria-label={t('swipes.like')}
          disabled={!top || outOfSwipes}
          onClick={() => swipe(true)}
        >
          <HeartFilledIcon size={28} />
        </button>
      </div>
      {buying && <PlansSheet kind="swipes" onClose={() => setBuying(false)} />}
      {revealing && (
        <Suspense fallback={null}>
          <GiftReveal pending={gifts.pending.length} onClose={() => setRevealing(false)} />
        </Suspense>
      )}
    </section>
  );
}
