import { FeedIcon } from '../ui/icons';

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

/**
 * The app's frame while start-up signs in (docs/SPEC.md §2's spinner, inside it): top menu, page and the
 * bottom nav with its central Feed button, without text (the language is not known yet). index.html
 * holds the same markup, so the phone paints it before any script arrives (app-shell.test.tsx keeps the
 * two equal).
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
          <div className="skeleton skeleton--hero">
            <div className="spinner__ring" />
          </div>
          <div className="skeleton skeleton--card" />
        </div>
      </main>
      <nav className="bottom-nav">
        {[0, 1, 2, 3, 4].map((i) =>
          i === 2 ? (
            <span key={i} className="bottom-nav__link bottom-nav__link--main">
              <span className="bottom-nav__icon">
                <FeedIcon size={28} />
              </span>
            </span>
          ) : (
            <span key={i} className="bottom-nav__link">
              <span className="bottom-nav__icon skeleton skeleton--icon" />
            </span>
          ),
        )}
      </nav>
    </div>
  );
}
