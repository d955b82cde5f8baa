import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** `sha256-` of the empty string, base64. */
const EMPTY_HANDLER_HASH = 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=';

/**
 * `sha256-` of the mini app's one inline script (frontend/index.html: Telegram's theme colours set
 * before the first paint, start-up's first API call and /main's deck sent while the scripts download); a backend
 * test recomputes it from index.html, so an edit there fails it.
 */
export const THEME_SCRIPT_HASH = 'sha256-2LwD0WncEIj1jxw1vzoAcu/NM+JaVWcmRBnfwZ7nefY=';

/**
 * The Content Security Policy of everything the API serves, the built mini app included:
 * - scripts only from us (Vite emits no inline script; index.html's start-up script by its hash) and
 *   Telegram's own `telegram-web-app.js`;
 * - inline styles, which Telegram's theme bridge (`telegram-custom-styles`) and TON Connect's widget
 *   (goober) insert at run time;
 * - images from anywhere over https (Telegram profile photos, wallet icons) and data:/blob: URLs;
 * - videos (animated memes) from us and over https (MEDIA_STORE=s3 redirects to the bucket or CDN);
 * - connections to us (HTTP, Socket.IO) and over https/wss to TON Connect's wallet list and bridges;
 * - framing by Telegram Web (web.telegram.org opens mini apps in an iframe), by nobody else.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'", `'${THEME_SCRIPT_HASH}'`, 'https://telegram.org'],
  // TON Connect's widget sets an empty `ontouchstart` on <body> (so that iOS applies :active styles);
  // the hash of the empty string allows exactly that handler and no other inline one.
  scriptSrcAttr: ["'unsafe-hashes'", `'${EMPTY_HANDLER_HASH}'`],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
  mediaSrc: ["'self'", 'blob:', 'https:'],
  fontSrc: ["'self'", 'data:', 'https:'],
  connectSrc: ["'self'", 'https:', 'wss:'],
  frameAncestors: ["'self'", 'https://web.telegram.org', 'https://*.telegram.org'],
  formAction: ["'self'"],
  objectSrc: ["'none'"],
};

/**
 * Helmet's headers with the policy above. X-Frame-Options cannot name Telegram Web, so it is left
 * out (`frame-ancestors` does its job); popups keep their opener, which wallet sign-in windows use.
 * `extraConnectSrc` adds origins the page may call: in development mode, the fake Bot API that the
 * mock Telegram client pays invoices through (plain http on loopback).
 */
export function securityHeaders(extraConnectSrc: readonly string[] = []): RequestHandler {
  const directives = {
    ...CONTENT_SECURITY_POLICY,
    connectSrc: [...CONTENT_SECURITY_POLICY.connectSrc, ...extraConnectSrc],
  };
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    frameguard: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
}
