import type { IncomingMessage } from 'node:http';

/** A file sent in a multipart body (the Bot API's InputFile). */
export interface UploadedFile {
  filename: string;
  contentType: string;
  data: Buffer;
}

export type ParamValue = unknown;
export type Params = Record<string, ParamValue>;

/** A request the Bot API refuses: answered as `{ok: false, error_code, description}`. */
export class BotApiError extends Error {
  constructor(
    readonly errorCode: number,
    readonly description: string,
    readonly retryAfter?: number,
  ) {
    super(description);
  }
}

export const badRequest = (what: string) => new BotApiError(400, `Bad Request: ${what}`);

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Values of form and query fields are strings; the Bot API reads arrays and objects in them as
 * JSON (`prices`, `stickers`, `allowed_updates`), which the method handlers then see parsed.
 */
function fromFormText(value: string): ParamValue {
  const trimmed = value.trim();
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    try {
      return JSON.parse(trimmed);
    } catch {
      return value;
    }
  }
  return value;
}

/** The parameters of a Bot API call, from the query string and a JSON, urlencoded or multipart body. */
export async function readParams(req: IncomingMessage, url: URL): Promise<Params> {
  const params: Params = {};
  for (const [name, value] of url.searchParams) params[name] = fromFormText(value);
  if (req.method !== 'POST') return params;
  const body = await readBody(req);
  if (body.length === 0) return params;
  const contentType = req.headers['content-type'] ?? '';
  if (contentType.startsWith('application/json')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      throw badRequest("can't parse JSON object");
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw badRequest("can't parse JSON object");
    return { ...params, ...(parsed as Params) };
  }
  if (contentType.startsWith('application/x-www-form-urlencoded')) {
    for (const [name, value] of new URLSearchParams(body.toString('utf8')))
      params[name] = fromFormText(value);
    return params;
  }
  if (contentType.startsWith('multipart/form-data')) {
    // The WHATWG Request parses multipart bodies; no form library needed.
    const form = await new Request('http://fake.invalid/', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body,
    })
      .formData()
      .catch(() => {
        throw badRequest("can't parse multipart body");
      });
    for (const [name, value] of form) {
      params[name] =
        typeof value === 'string'
          ? fromFormText(value)
          : ({
              filename: value.name,
              contentType: value.type,
              data: Buffer.from(await value.arrayBuffer()),
            } satisfies UploadedFile);
    }
    return params;
  }
  throw badRequest('unsupported Content-Type');
}

export function isUploadedFile(value: unknown): value is UploadedFile {
  return typeof value === 'object' && value !== null && Buffer.isBuffer((value as UploadedFile).data);
}

/** Required string parameter. */
export function str(params: Params, name: string): string {
  const value = params[name];
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string' || value === '') throw badRequest(`${name} is empty`);
  return value;
}

export function optStr(params: Params, name: string): string | undefined {
  const value = params[name];
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') throw badRequest(`${name} must be a string`);
  return value;
}

/** Required integer parameter (a JSON number or a numeric form string). */
export function int(params: Params, name: string): number {
  const value = params[name];
  const number = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number)) throw badRequest(`${name} is invalid`);
  return number;
}

export function bool(params: Params, name: string): boolean | undefined {
  const value = params[name];
  if (value === undefined) return undefined;
  if (value === true || value === 'true' || value === '1') return true;
  if (value === false || value === 'false' || value === '0') return false;
  throw badRequest(`${name} must be a Boolean`);
}

/** A chat id: an integer or an `@username`. */
export function chatId(params: Params, name = 'chat_id'): string {
  const value = params[name];
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string' && (/^-?\d+$/.test(value) || /^@[A-Za-z][A-Za-z0-9_]{3,31}$/.test(value)))
    return value;
  throw badRequest('chat not found');
}

/** Parameters as recorded: files replaced by their name and size. */
export function recordable(params: Params): Params {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      isUploadedFile(value) ? { file: value.filename, size: value.data.length } : value,
    ]),
  );
}
