import { statSync } from 'node:fs';
import path from 'node:path';

import { ErrorText } from '@mememint/contracts';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
};

/** The build's precompressed copies (written by the mini app's build), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/** Vite names these after their content: a new build gives new names, so they never change. */
const HASHED_ASSETS = '/assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html above all) is checked with the server on every load (ETag). */
const REVALIDATE = 'no-cache';

function isApiPath(urlPath: string): boolean {
  return /^\/(api|socket\.io)(\/|$)/.test(urlPath);
}

/** Paths the API answers at the site root (a shared meme's page, the TON Connect manifest). */
export type RootRoute = (urlPath: string) => boolean;

/**
 * Serves the built mini app beside the API: files as built, precompressed (brotli, else gzip) for
 * clients that accept it, hashed assets cached for a year, and index.html for any other path (the
 * app's routes). A missing file with an extension is a 404, never index.html (a chunk of an older
 * build must fail as such, not parse HTML as JavaScript). The API's own root routes are passed on.
 */
export function serveWebApp(root: string, rootRoutes: RootRoute[] = []): RequestHandler {
  const dist = path.resolve(root);
  const index = path.join(dist, 'index.html');
  // The build does not change while the server runs: each file is looked at once.
  const isFile = new Map<string, boolean>();
  const exists = (file: string) => {
    let known = isFile.get(file);
    if (known === undefined) {
      try {
        known = statSync(file).isFile();
      } catch {
        known = false;
      }
      isFile.set(file, known);
    }
    return known;
  };

  const send = (req: Request, res: Response, next: NextFunction, file: string, cacheControl: string) => {
    const encoding = ENCODINGS.find(
      ({ name, suffix }) => req.acceptsEncodings(name) === name && exists(file + suffix),
    );
    res.setHeader('Content-Type', CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream');
    res.setHeader('Cache-Control', cacheControl);
    res.setHeader('Vary', 'Accept-Encoding');
    if (encoding) res.setHeader('Content-Encoding', encoding.name);
    res.sendFile(file + (encoding?.suffix ?? ''), { cacheControl: false, dotfiles: 'deny' }, (error) => {
      if (error && !res.headersSent) next(error);
    });
  };

  const notFound = (res: Response) => res.status(404).json({ detail: ErrorText.notFound });

  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isApiPath(req.path)) return next();
    if (rootRoutes.some((matches) => matches(req.path))) return next();
    let file: string;
    try {
      file = path.join(dist, decodeURIComponent(req.path));
    } catch {
      return notFound(res);
    }
    if (!file.startsWith(dist + path.sep)) return notFound(res);
    if (exists(file)) {
      return send(req, res, next, file, req.path.startsWith(HASHED_ASSETS) ? IMMUTABLE : REVALIDATE);
    }
    if (path.extname(file) !== '') return notFound(res);
    return send(req, res, next, index, REVALIDATE);
  };
}
