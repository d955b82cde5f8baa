import { pipeline } from 'node:stream';

import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import { ApiFoundResponse, ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import { ErrorText } from '@mememint/contracts';
import { MediaStore } from '@mememint/media';
import type { Response } from 'express';

import { Public } from '../common/decorators/public.decorator.js';
import { publicContentType } from './media-keys.js';
import { parseByteRange, sendByteRange } from './media-range.js';

/** A year: objects never change under their key, so clients and proxies may keep them. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

@ApiTags('media')
@Controller('media')
export class MediaController {
  constructor(private readonly storage: MediaStore) {}

  /** Meme, result and template images (not player faces), public under their unguessable keys. */
  @Public()
  @Get('*key')
  @ApiParam({ name: 'key', description: 'Media key, e.g. `generations/<id>.jpg`' })
  @ApiOkResponse({ description: 'The image, cached for a year (media in a directory)' })
  @ApiFoundResponse({
    description: 'A redirect to the image in the bucket: a presigned or CDN URL (MEDIA_STORE=s3)',
  })
  async serve(@Param('key') key: string | string[], @Res() res: Response): Promise<void> {
    const path = Array.isArray(key) ? key.join('/') : key;
    const contentType = publicContentType(path);
    if (contentType === null) throw new NotFoundException(ErrorText.notFound);
    // A bucket serves its objects itself: the client is sent there, after the same checks, so an
    // unknown key still answers 404 here.
    const link = await this.storage.clientUrl(path);
    if (link) {
      if (!(await this.storage.stat(path))) throw new NotFoundException(ErrorText.notFound);
      res.set('Cache-Control', `${link.shared ? 'public' : 'private'}, max-age=${link.maxAgeSeconds}`);
      res.redirect(302, link.url);
      return;
    }
    const object = await this.storage.open(path);
    if (!object) throw new NotFoundException(ErrorText.notFound);
    // The client may have left while the file was opened: pipeline() would refuse the closed response
    // and leave the file's handle to the garbage collector, which ends the process on Node 26.
    if (res.destroyed) {
      object.stream.destroy();
      return;
    }
    // The key names one immutable object, so it is its own validator.
    const etag = `"${path}"`;
    res.set({ 'Cache-Control': CACHE_CONTROL, ETag: etag });
    if (res.req.headers['if-none-match'] === etag) {
      object.stream.destroy();
      res.status(304).end();
      return;
    }
    res.set({ 'Content-Type': contentType, 'X-Content-Type-Options': 'nosniff' });
    if (contentType.startsWith('video/')) {
      res.set('Accept-Ranges', 'bytes');
      const header = res.req.headers.range;
      if (header) return sendByteRange(res, object.stream, object.size, parseByteRange(header, object.size));
    }
    res.set('Content-Length', String(object.size));
    pipeline(object.stream, res, () => undefined);
  }
}
