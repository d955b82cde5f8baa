import type { IncomingMessage } from 'node:http';

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** An error body-parser turns into its status with `type` as the failure's name (see the error filter). */
class JsonBodyError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly type: string,
  ) {
    super(message);
  }
}

/**
 * Deepest nesting of objects and arrays in UTF-8 JSON text, stopping as soon as it passes `limit`.
 * Brackets inside strings do not count; every byte of a multi-byte UTF-8 character is ≥ 0x80, so
 * the ASCII bytes looked at are always whole characters.
 */
export function jsonNestingExceeds(body: Buffer, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const byte = body[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      if (++depth > limit) return true;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

/**
 * body-parser's `verify` for JSON bodies: refuses, before parsing, a body nested deeper than
 * `maxDepth` (the recursive DTO transformation after parsing would overflow the stack on a few
 * thousand levels) and any charset but UTF-8 (RFC 8259 §8.1), which the depth scan relies on.
 */
export function verifyJsonBody(maxDepth: number) {
  return (_req: IncomingMessage, _res: unknown, body: Buffer, encoding: string | null): void => {
    if (encoding !== null && encoding.toLowerCase() !== 'utf-8') {
      throw new JsonBodyError('JSON must be UTF-8', 415, 'charset.unsupported');
    }
    if (jsonNestingExceeds(body, maxDepth)) {
      throw new JsonBodyError('JSON nested too deeply', 400, 'entity.too.deep');
    }
  };
}
