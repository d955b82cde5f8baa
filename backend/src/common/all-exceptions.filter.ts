import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import type { ErrorBody } from '@mememint/contracts';
import type { Request, Response } from 'express';

/** Nest wraps body-parser failures in an HttpException whose cause names the failure. */
const bodyParserDetails: Record<string, string> = {
  'entity.too.large': 'Request body is too large',
  'entity.parse.failed': 'Request body is not valid JSON',
  'encoding.unsupported': 'Unsupported request body encoding',
  'charset.unsupported': 'Unsupported request body charset',
};

/**
 * Every error leaves as `{detail: string, …}` with its HTTP status. HttpExceptions keep their
 * status; their message (or the validation messages, joined) becomes `detail`, and a response
 * object that already has `detail` goes out as it is (so `hint`, `retryAfter` pass through).
 * Anything unexpected is logged with the request id and answered with a bare 500.
 */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const request = http.getRequest<Request>();
    const { status, body } = this.toBody(exception, request);
    if (response.headersSent) return;
    response.status(status).json(body);
  }

  private toBody(exception: unknown, request: Request): { status: number; body: ErrorBody } {
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const cause = exception.cause as { type?: unknown } | undefined;
      const bodyParserDetail = typeof cause?.type === 'string' ? bodyParserDetails[cause.type] : undefined;
      if (bodyParserDetail) return { status, body: { detail: bodyParserDetail } };
      return { status, body: httpExceptionBody(exception.getResponse(), status) };
    }
    this.logger.error(
      { err: exception, method: request.method, url: request.originalUrl },
      'Unhandled error while serving a request',
    );
    return { status: HttpStatus.INTERNAL_SERVER_ERROR, body: { detail: 'Internal server error' } };
  }
}

function httpExceptionBody(response: string | object, status: number): ErrorBody {
  if (typeof response === 'string') return { detail: response };
  const fields = response as Record<string, unknown>;
  if (typeof fields.detail === 'string') return fields as unknown as ErrorBody;
  const message = fields.message;
  if (Array.isArray(message) && message.length) return { detail: message.map(String).join('; ') };
  if (typeof message === 'string' && message) return { detail: message };
  return { detail: statusText(status) };
}

function statusText(status: number): string {
  const name = HttpStatus[status] as string | undefined;
  if (!name) return 'Request failed';
  const words = name.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
