import type { IncomingMessage, ServerResponse } from 'node:http';

import {
  applyDecorators,
  BadRequestException,
  type CallHandler,
  type ExecutionContext,
  HttpException,
  Injectable,
  mixin,
  type NestInterceptor,
  ParseFilePipe,
  PayloadTooLargeException,
  type Type,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ApiConsumes } from '@nestjs/swagger';
import { ErrorText } from '@mememint/contracts';
import type { Observable } from 'rxjs';

import { AppConfig } from '../config/app.config.js';
import { type BodyBudget, clientGone, guardBody, UPLOAD_INTERRUPTED } from './upload-body.js';
import { UploadBodyBudget } from './upload-slots.js';

/**
 * Parses a multipart body with one image file under `field`. Busboy streams the body and stops at the
 * byte limit, so an oversized upload is refused (413) after reading at most the limit, never held whole.
 * Bodies are received as they come, outside the upload slots (which cover decoding only:
 * ImagesService), within the process's UPLOAD_MAX_BUFFERED_BYTES, and a body slower than
 * UPLOAD_MIN_BYTES_PER_SECOND is cut off (upload-body.ts): one slow client delays nobody else.
 */
function imageUploadInterceptor(field: string, options: ImageUploadOptions): Type<NestInterceptor> {
  @Injectable()
  class ImageUploadInterceptor implements NestInterceptor {
    private readonly multipart: NestInterceptor;
    private readonly limits: { maxBytes: number; budget: BodyBudget; minBytesPerSecond: number };

    constructor(config: AppConfig, budget: UploadBodyBudget) {
      const Multipart = FileInterceptor(field, {
        ...(options.fileFilter ? { fileFilter: options.fileFilter } : {}),
        limits: {
          fileSize: config.media.maxImageBytes,
          files: 1,
          fields: 20,
          fieldSize: 16 * 1024,
          parts: 24,
        },
      });
      this.multipart = new Multipart();
      this.limits = {
        maxBytes: config.media.maxImageBytes,
        budget,
        minBytesPerSecond: config.media.minUploadBytesPerSecond,
      };
    }

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const http = context.switchToHttp();
      const req = http.getRequest<IncomingMessage>();
      try {
        return await guardBody(req, http.getResponse<ServerResponse>(), this.limits, () =>
          Promise.resolve(this.multipart.intercept(context, next)),
        );
      } catch (error) {
        // Multer's own wording ("File too large") becomes the game's.
        if (error instanceof PayloadTooLargeException)
          throw new PayloadTooLargeException(ErrorText.imageTooLarge);
        // A client that went away mid-upload (multer: "Request aborted"/"Request closed") is the
        // client's doing: a 400 nobody reads, not a logged 500.
        if (!(error instanceof HttpException) && clientGone(req))
          throw new BadRequestException(UPLOAD_INTERRUPTED);
        throw error;
      }
    }
  }
  return mixin(ImageUploadInterceptor);
}

/** The file multer hands to `@UploadedFile()` (memory storage). */
export interface UploadedImage {
  buffer: Buffer;
  size: number;
}

export interface ImageUploadOptions {
  /** Refuses the file as its part begins (multer's file filter): an HttpException answers as it is. */
  fileFilter?: (
    req: unknown,
    file: unknown,
    accept: (error: Error | null, acceptFile: boolean) => void,
  ) => void;
}

/** A multipart endpoint taking one image file (`@UploadedFile()`) beside its other fields. */
export function ImageUpload(field: string, options: ImageUploadOptions = {}) {
  return applyDecorators(
    UseInterceptors(imageUploadInterceptor(field, options)),
    ApiConsumes('multipart/form-data'),
  );
}

/** For `@UploadedFile(requiredImage('image'))`: a form without the file is a 400 naming the field. */
export function requiredImage(field: string): ParseFilePipe {
  return new ParseFilePipe({ exceptionFactory: () => new BadRequestException(`${field} is required`) });
}
