import { pipeline } from 'node:stream';
import { Controller, Get, NotFoundException, Param, Res } from '@nestjs/common';
import { ApiOkResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { Public } from '../common/decorators/public.decorator.js';
import { MediaStorage } from './media.storage.js';
import { publicContentType } from './media-keys.js';

/** A year: objects never change under their key, so clients and proxies may keep them. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

@ApiTags('media')
@Controller('media')
export class MediaController {
  constructor(private readonly storage: MediaStorage) {}

  /** Meme, result and template images (not player faces), public under their unguessable keys. */
  @Public()
  @Get('*key')
  @ApiParam({ name: 'key', description: 'Media key, e.g. `generations/<id>.jpg`' })
  @ApiOkResponse({ description: 'The image, cached for a year' })
  async serve(@Param('key') key: string | string[], @Res() res: Response): Promise<void> {
    const path = Array.isArray(key) ? key.join('/') : key;
    const contentType = publicContentType(path);
    const object = contentType === null ? null : await this.storage.open(path);
    if (!object) throw new NotFoundException('Not found');
    // The key names one immutable object, so it is its own validator.
    const etag = `"${path}"`;
    res.set({ 'Cache-Control': CACHE_CONTROL, ETag: etag });
    if (res.req.headers['if-none-match'] === etag) {
      object.stream.destroy();
      res.status(304).end();
      return;
    }
    res.set({
      'Content-Type': contentType!,
      'Content-Length': String(object.size),
      'X-Content-Type-Options': 'nosniff',
    });
    pipeline(object.stream, res, () => undefined);
  }
}
