import { ValidationPipe } from '@nestjs/common';

/**
 * DTOs are the boundary: unknown fields are rejected (400 naming them), values are converted to
 * the declared types, and the messages (joined by the error filter) name each offending field.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    stopAtFirstError: true,
  });
}
