import { MintMark } from '../ui/brand/brand-art';
import { CreateFab } from '../ui/brand/CreateFab';
import { CrossIcon, HeartFilledIcon } from '../ui/brand/game-icons';
import { FeedIcon, InviteIcon, ProfileIcon, QuestsIcon, RatingIcon } from '../ui/icons';

/** A page's place while its code or data is on the way: grey blocks where the content will be. */
export function PageSkeleton() {
  return (
    <div className="page" aria-hidden>
      <div className="skeleton skeleton--hero" />
      <div className="skeleton skeleton--line skeleton--short" />
      <div className="skeleton skeleton--card" />
      <div className="skeleton skeleton--card" />
    </div>
  );
}

/** The bottom nav's icons in its order (BottomNav), without their labels. */
const NAV_ICONS = [ProfileIcon, RatingIcon, FeedIcon, InviteIcon, QuestsIcon];

/**
 * The app's frame while start-up signs in (SEED-SPEC §2's spinner, inside it): the top menu, /main's
 * deck with the MemeMint mark and its Create actions, and the bottom nav, without words (the player's language is not known
 * yet). The build renders it into index.html (build/prerender-shell.ts), so the phone paints it with
 * the HTML, and main.tsx hydrates it: the same tree in every language, or React reports a mismatch.
 */
export function AppShell() {
  return (
    <div className="layout" aria-busy="true">
      <header className="top-menu">
        <span className="avatar skeleton" />
        <span className="top-menu__info">
          <span className="skeleton skeleton--line skeleton--short" />
          <span className="skeleton skeleton--line" />
        </span>
      </header>
      <main className="layout__content">
        <div className="page">
          <section className="section swipe-deck">
            <div className="swipe-deck__head">
              <span className="skeleton skeleton--line skeleton--short" />
            </div>
            <div className="swipe-deck__stack skeleton skeleton--deck">
              <span className="shell-mark">
                <MintMark size={64} />
                <span className="spinner__ring" />
              </span>
            </div>
            <div className="swipe-deck__buttons">
              <span className="swipe-button swipe-button--skip">
                <CrossIcon size={28} />
              </span>
              <span className="swipe-button swipe-button--like">
                <HeartFilledIcon size={28} />
              </span>
            </div>
          </section>
        </div>
        <CreateFab />
      </main>
      <nav className="bottom-nav">
        {NAV_ICONS.map((Icon, i) => (
          <span key={i} className={`bottom-nav__link${i === 2 ? ' bottom-nav__link--main is-active' : ''}`}>
            <span className="bottom-nav__icon">
              <Icon size={i === 2 ? 28 : 22} />
            </span>
          </span>
        ))}
      </nav>
    </div>
  );
}
