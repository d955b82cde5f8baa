import type { IncomingMessage } from 'node:http';

import {
  applyDecorators,
  BadRequestException,
  type CallHandler,
  type ExecutionContext,
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
import { finalize, type Observable } from 'rxjs';

import { AppConfig } from '../config/app.config.js';
import { UploadSlots } from './upload-slots.js';

/**
 * Parses a multipart body with one image file under `field`. Busboy streams the body and stops at the
 * byte limit, so an oversized upload is refused (413) after reading at most the limit, never held whole.
 * Reading the body and everything the handler does with it (the decode) happen inside one of the
 * process's UPLOAD_MAX_CONCURRENT upload slots: the uploads waiting for a slot stay unread in their
 * sockets, so parallel large uploads cost the memory of a few, not of all of them.
 */
function imageUploadInterceptor(field: string): Type<NestInterceptor> {
  @Injectable()
  class ImageUploadInterceptor implements NestInterceptor {
    private readonly multipart: NestInterceptor;

    constructor(
      config: AppConfig,
      private readonly slots: UploadSlots,
    ) {
      const Multipart = FileInterceptor(field, {
        limits: {
          fileSize: config.media.maxImageBytes,
          files: 1,
          fields: 20,
          fieldSize: 16 * 1024,
          parts: 24,
        },
      });
      this.multipart = new Multipart();
    }

    async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
      const req = context.switchToHttp().getRequest<IncomingMessage>();
      const release = await this.slots.acquire();
      try {
        return (await readOrClientGone(req, Promise.resolve(this.multipart.intercept(context, next)))).pipe(
          finalize(release),
        );
      } catch (error) {
        release();
        // Multer's own wording ("File too large") becomes the game's.
        if (error instanceof PayloadTooLargeException)
          throw new PayloadTooLargeException(ErrorText.imageTooLarge);
        // A client that went away mid-upload (multer: "Request aborted"/"Request closed") is the
        // client's doing: a 400 nobody reads, not a logged 500.
        if (clientGone(req)) throw new BadRequestException(UPLOAD_INTERRUPTED);
        throw error;
      }
    }
  }
  return mixin(ImageUploadInterceptor);
}

const UPLOAD_INTERRUPTED = 'The upload was interrupted';

/** The client closed the connection before its whole body arrived. */
function clientGone(req: IncomingMessage): boolean {
  return req.destroyed && !req.complete;
}

/**
 * Multer listens for the request's `close` only from when it starts; a client that left earlier (while
 * its upload waited for a slot, or behind the guards) closed it already, and multer would wait forever
 * for the rest of the body, holding the upload slot. Here that ends the read with the 400 above.
 */
function readOrClientGone<T>(req: IncomingMessage, reading: Promise<T>): Promise<T> {
  if (clientGone(req)) {
    reading.catch(() => undefined);
    return Promise.reject(new BadRequestException(UPLOAD_INTERRUPTED));
  }
  let onClose: () => void = () => undefined;
  const gone = new Promise<never>((_resolve, reject) => {
    onClose = () => {
      if (!req.complete) reject(new BadRequestException(UPLOAD_INTERRUPTED));
    };
    req.once('close', onClose);
  });
  gone.catch(() => undefined);
  reading.catch(() => undefined);
  return Promise.race([reading, gone]).finally(() => req.off('close', onClose));
}

/** The file multer hands to `@UploadedFile()` (memory storage). */
export interface UploadedImage {
  buffer: Buffer;
  size: number;
}

/** A multipart endpoint taking one image file (`@UploadedFile()`) beside its other fields. */
export function ImageUpload(field: string) {
  return applyDecorators(UseInterceptors(imageUploadInterceptor(field)), ApiConsumes('multipart/form-data'));
}

/** For `@UploadedFile(requiredImage('image'))`: a form without the file is a 400 naming the field. */
export function requiredImage(field: string): ParseFilePipe {
  return new ParseFilePipe({ exceptionFactory: () => new BadRequestException(`${field} is required`) });
}
