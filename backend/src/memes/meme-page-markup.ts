import { escapeHtml } from '../common/html.js';

/** The app's name, as pages and link previews show it. */
export const SITE_NAME = 'MemeMint';

/**
 * The bare share page's look (no built mini app to style it): the app's theme colours and mint accent
 * (frontend/src/styles/theme.css), the meme as a rounded card, one wide "Make your own" button. An
 * inline `<style>`: the page's CSP allows inline styles (common/security-headers.ts).
 */
const SHARE_PAGE_STYLE = `<style>
      body { margin: 0; min-height: 100vh; background: #f1f1f4; color: #111111;
        font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
      .share-page { box-sizing: border-box; max-width: 480px; margin: 0 auto; padding: 20px 16px 32px;
        display: flex; flex-direction: column; gap: 16px; }
      .share-page__brand { display: flex; align-items: center; gap: 10px; font-size: 20px;
        font-weight: 800; letter-spacing: 0.2px; color: #19c37d; text-decoration: none; }
      .share-page__title { margin: 0; font-size: 22px; line-height: 1.25; overflow-wrap: anywhere; }
      .share-page__figure { margin: 0; border-radius: 16px; overflow: hidden; background: #ffffff;
        box-shadow: 0 8px 24px rgba(0, 0, 0, 0.12); }
      .share-page__figure img, .share-page__figure video { display: block; width: 100%; height: auto; }
      .share-page__text { margin: 0; color: #707579; font-size: 14px; line-height: 1.4; }
      @media (prefers-color-scheme: dark) {
        body { background: #0e1621; color: #f5f5f5; }
        .share-page__figure { background: #17212b; }
      }
      .share-page__button { display: block; padding: 14px 20px; border-radius: 14px; text-align: center;
        font-size: 17px; font-weight: 700; color: #fff; text-decoration: none;
        background: linear-gradient(135deg, #19c37d, #0d9fb5); }
    </style>`;

export interface SharePageContent {
  title: string;
  imageUrl: string;
  /** An animated meme's MP4 (absolute), played muted and looping over its poster `imageUrl`. */
  videoUrl: string | null;
  width: number;
  height: number;
  description: string;
}

/** The `<style>` for the bare page's head. */
export function sharePageStyle(): string {
  return SHARE_PAGE_STYLE;
}

/** The bare page's body: the app's name, the meme, its AI label and "Make your own" to `appLink`. */
export function sharePageBody(page: SharePageContent | null, appLink: string): string {
  const brand = `<a class="share-page__brand" href="${escapeHtml(appLink)}">${SITE_NAME}</a>`;
  const button = `<a class="share-page__button" href="${escapeHtml(appLink)}">Make your own</a>`;
  if (!page)
    return `<main class="share-page">${brand}<h1 class="share-page__title">Meme not found</h1>${button}</main>`;
  const title = escapeHtml(page.title);
  const size = `width="${page.width}" height="${page.height}"`;
  const media = page.videoUrl
    ? `<video src="${escapeHtml(page.videoUrl)}" poster="${escapeHtml(page.imageUrl)}" ${size} autoplay muted loop playsinline aria-label="${title}"></video>`
    : `<img src="${escapeHtml(page.imageUrl)}" alt="${title}" ${size} />`;
  const figure = `<figure class="share-page__figure">${media}</figure>`;
  return `<main class="share-page">${brand}<h1 class="share-page__title">${title}</h1>${figure}<p class="share-page__text">${escapeHtml(page.description)}</p>${button}</main>`;
}
