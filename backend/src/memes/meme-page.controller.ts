import { Controller, Get, Header, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request, Response } from 'express';

import { Public } from '../common/decorators/public.decorator.js';
import { publicOrigin } from '../common/public-origin.js';
import { AppConfig } from '../config/app.config.js';
import { MemePageService } from './meme-page.service.js';
import { MemesService } from './memes.service.js';

/** The path of the shared meme page at the site root (app.setup excludes it from the /api prefix). */
export const MEME_PAGE_PATH = 'i/:shareId';

/** `/i/:shareId`: a published meme's page for link previews; the mini app takes over in a browser. */
@ApiExcludeController()
@Controller()
export class MemePageController {
  constructor(
    private readonly memes: MemesService,
    private readonly pages: MemePageService,
    private readonly config: AppConfig,
  ) {}

  @Public()
  @Get(MEME_PAGE_PATH)
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=60')
  async page(
    @Param('shareId') shareId: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const meme = await this.memes.findPublished(shareId);
    if (!meme) {
      response.status(404);
      return this.pages.notFound();
    }
    return this.pages.render(meme, publicOrigin(this.config, request));
  }
}
