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
      const release = await this.slots.acquire();
      try {
        return (await this.multipart.intercept(context, next)).pipe(finalize(release));
      } catch (error) {
        release();
        // Multer's own wording ("File too large") becomes the game's.
        if (error instanceof PayloadTooLargeException)
          throw new PayloadTooLargeException(ErrorText.imageTooLarge);
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

/** A multipart endpoint taking one image file (`@UploadedFile()`) beside its other fields. */
export function ImageUpload(field: string) {
  return applyDecorators(UseInterceptors(imageUploadInterceptor(field)), ApiConsumes('multipart/form-data'));
}

/** For `@UploadedFile(requiredImage('image'))`: a form without the file is a 400 naming the field. */
export function requiredImage(field: string): ParseFilePipe {
  return new ParseFilePipe({ exceptionFactory: () => new BadRequestException(`${field} is required`) });
}
