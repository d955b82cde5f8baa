import { type ArgumentMetadata, BadRequestException, HttpException, ValidationPipe } from '@nestjs/common';
import type { ValidationError } from 'class-validator';

/**
 * The path of the first string (or object key) holding a NUL character, which PostgreSQL refuses
 * in any text ("invalid byte sequence"); null when there is none. Bodies are depth-limited at the
 * parser, so the walk is short.
 */
function nulPath(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return itemPath;
    const found = nulPath(item, itemPath);
    if (found !== null) return found;
  }
  return null;
}

/**
 * The stable `code` a failed constraint names in its context (`@IsIn(…, {context: {code}})`), for
 * the client to branch on; the first failed field's.
 */
function codeOf(errors: readonly ValidationError[]): string | undefined {
  for (const error of errors) {
    for (const context of Object.values(error.contexts ?? {})) {
      const code = (context as { code?: unknown }).code;
      if (typeof code === 'string') return code;
    }
    const nested = codeOf(error.children ?? []);
    if (nested !== undefined) return nested;
  }
  return undefined;
}

/**
 * Rules that say what a value must be, reported before any rule about its size or shape: for
 * `{"amount": "10"}` the player reads "amount must be an integer number", not "must not be greater
 * than 2147483647" (class-validator checks the last decorator first).
 */
const FIRST_RULES = [
  'whitelistValidation',
  'isDefined',
  'isInt',
  'isNumber',
  'isNumberString',
  'isString',
  'isBoolean',
  'isArray',
  'isObject',
  'isDateString',
  'isUUID',
  'isEnum',
  'isIn',
];

/** One message per property (the first rule it broke, type rules first), at every depth. */
function oneMessageEach(errors: ValidationError[]): ValidationError[] {
  return errors.map((error) => {
    const constraints = error.constraints ?? {};
    const rule = FIRST_RULES.find((name) => name in constraints) ?? Object.keys(constraints)[0];
    return {
      ...error,
      constraints: rule === undefined ? undefined : { [rule]: constraints[rule]! },
      children: error.children && oneMessageEach(error.children),
    };
  });
}

/**
 * DTOs are the boundary: unknown fields are rejected (400 naming them), values are converted to
 * the declared types, and the messages (joined by the error filter) name each offending field.
 * Text with a NUL character is refused first, for every body, query and path parameter.
 */
class AppValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type !== 'custom') {
      const path = nulPath(value, metadata.data ?? '');
      if (path !== null) throw new BadRequestException(`${path || 'value'} must not contain NUL characters`);
    }
    return super.transform(value, metadata);
  }

  protected override flattenValidationErrors(errors: ValidationError[]): string[] {
    return super.flattenValidationErrors(oneMessageEach(errors));
  }

  /** As Nest's, with the failed constraint's `code` beside `detail` when it names one. */
  override createExceptionFactory() {
    const plain = super.createExceptionFactory();
    return (errors: ValidationError[] = []) => {
      const exception = plain(errors);
      const code = codeOf(errors);
      if (code === undefined || !(exception instanceof HttpException)) return exception;
      const { message } = exception.getResponse() as { message?: unknown };
      const detail = [message].flat().map(String).join('; ');
      return new BadRequestException({ detail, code });
    };
  }
}

export function createValidationPipe(): ValidationPipe {
  return new AppValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
  });
}
