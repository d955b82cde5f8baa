import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { Injectable, Logger } from '@nestjs/common';
import { AI_LABEL_TEXT, type PublicMemeDto } from '@mememint/contracts';

import { escapeHtml } from '../common/html.js';
import { AppConfig } from '../config/app.config.js';
import { miniAppLink } from '../users/telegram-links.js';
import { type SharePageContent, sharePageBody, sharePageStyle, SITE_NAME } from './meme-page-markup.js';

/** Without a built mini app (API-only runs) the page is this shell, with the meme for people. */
const BARE_SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
  </head>
  <body></body>
</html>
`;

/**
 * The `/i/:shareId` page: the mini app's own index.html (so a browser gets the app, which shows the
 * meme) with the Open Graph and Twitter tags that link previews read put into its head.
 */
@Injectable()
export class MemePageService {
  private readonly logger = new Logger(MemePageService.name);
  private shell: Promise<{ html: string; isApp: boolean }> | null = null;

  constructor(private readonly config: AppConfig) {}

  /** The page of a published meme; `origin` makes the URLs absolute. */
  async render(meme: PublicMemeDto, origin: string): Promise<string> {
    const title = meme.text?.trim() || 'A meme on MemeMint';
    const author = meme.author.username ? `@${meme.author.username}` : (meme.author.firstName ?? 'a player');
    const likes = `${meme.likes} ${meme.likes === 1 ? 'like' : 'likes'}`;
    // The AI label first: link previews cut descriptions short (EU AI Act art. 50, issue 25).
    const description = `${AI_LABEL_TEXT.en}. By ${author} · ${likes}. Make your own face-swap meme in MemeMint on Telegram.`;
    const pageUrl = `${origin}/i/${encodeURIComponent(meme.shareId)}`;
    const imageUrl = `${origin}${meme.imageUrl}`;
    const videoUrl = meme.kind === 'animation' && meme.videoUrl ? `${origin}${meme.videoUrl}` : null;
    const head = [
      `<title>${escapeHtml(`${title} · ${SITE_NAME}`)}</title>`,
      meta('name', 'description', description),
      `<link rel="canonical" href="${escapeHtml(pageUrl)}" />`,
      meta('property', 'og:type', videoUrl ? 'video.other' : 'website'),
      meta('property', 'og:site_name', SITE_NAME),
      meta('property', 'og:title', title),
      meta('property', 'og:description', description),
      meta('property', 'og:url', pageUrl),
      meta('property', 'og:image', imageUrl),
      meta('property', 'og:image:width', String(meme.width)),
      meta('property', 'og:image:height', String(meme.height)),
      meta('property', 'og:image:alt', title),
      ...(videoUrl ? videoTags(videoUrl, meme.width, meme.height) : []),
      meta('name', 'twitter:card', 'summary_large_image'),
      meta('name', 'twitter:title', title),
      meta('name', 'twitter:description', description),
      meta('name', 'twitter:image', imageUrl),
    ];
    const page = { title, imageUrl, videoUrl, width: meme.width, height: meme.height, description };
    return this.fill(head, page, meme.shareId);
  }

  /** The page of an unknown or unpublished meme (served with 404; the app says so in a browser). */
  notFound(): Promise<string> {
    const head = [`<title>Meme not found · ${SITE_NAME}</title>`, meta('name', 'robots', 'noindex')];
    return this.fill(head, null);
  }

  /**
   * The shell with `head` added; without the mini app (which shows the meme itself) the body is the
   * styled page: the app's name, the meme and "Make your own" to the mini app (`startapp=meme_…`).
   */
  private async fill(head: string[], page: SharePageContent | null, shareId?: string): Promise<string> {
    const shell = await this.loadShell();
    const extra = shell.isApp ? head : [...head, sharePageStyle()];
    const html = shell.html
      .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
      .replace('</head>', `${extra.join('\n    ')}\n  </head>`);
    if (shell.isApp) return html;
    const appLink = miniAppLink(this.config.telegram, shareId === undefined ? undefined : `meme_${shareId}`);
    return html.replace('<body></body>', `<body>${sharePageBody(page, appLink)}</body>`);
  }

  /** The built mini app's index.html, read once; the bare shell without one. */
  private loadShell(): Promise<{ html: string; isApp: boolean }> {
    this.shell ??= (async () => {
      const dist = this.config.http.frontendDist;
      if (!dist) return { html: BARE_SHELL, isApp: false };
      try {
        return { html: await readFile(path.join(dist, 'index.html'), 'utf8'), isApp: true };
      } catch (error) {
        this.logger.warn(
          `No index.html in FRONTEND_DIST (${(error as Error).message}): share pages without the app`,
        );
        return { html: BARE_SHELL, isApp: false };
      }
    })();
    return this.shell;
  }
}

/**
 * An animated meme's Open Graph video (its MP4: H.264, faststart, silent), which Telegram and other apps
 * play in the link preview; `og:image` stays its poster. The secure URL only where the page is https.
 */
function videoTags(videoUrl: string, width: number, height: number): string[] {
  return [
    meta('property', 'og:video', videoUrl),
    ...(videoUrl.startsWith('https://') ? [meta('property', 'og:video:secure_url', videoUrl)] : []),
    meta('property', 'og:video:type', 'video/mp4'),
    meta('property', 'og:video:width', String(width)),
    meta('property', 'og:video:height', String(height)),
  ];
}

function meta(key: 'name' | 'property', name: string, content: string): string {
  return `<meta ${key}="${name}" content="${escapeHtml(content)}" />`;
}
