import type { NextFunction, Request, Response } from 'express';

/** A host name (letters, digits, `-`, `_`, dots), an IPv4 address or a bracketed IPv6 one, and a port. */
const VALID_HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_.-]+)(?::[0-9]{1,5})?$/;

/**
 * Refuses a request whose Host header is not a host: 400 `{detail}` before anything builds a URL
 * from it (`Host: evil.example"><x` made the TON manifest's `new URL` throw a 500). An HTTP/1.0
 * request without one passes (Node refuses a missing Host on HTTP/1.1 itself).
 */
export function validHostHeader() {
  return (req: Request, res: Response, next: NextFunction): void => {
    const host = req.headers.host;
    if (host === undefined || VALID_HOST.test(host)) return next();
    res.status(400).json({ detail: 'Invalid Host header' });
  };
}
