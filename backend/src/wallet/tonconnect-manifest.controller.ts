import { Controller, Get, Header, Req } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';

import { Public } from '../common/decorators/public.decorator.js';
import { publicOrigin } from '../common/public-origin.js';
import { AppConfig } from '../config/app.config.js';

/** What wallets read about the app (TON Connect "App manifest"). */
interface TonConnectManifest {
  url: string;
  name: string;
  iconUrl: string;
}

/** The path of the manifest at the site root (not under /api: app.setup excludes it from the prefix). */
export const TONCONNECT_MANIFEST_PATH = 'tonconnect-manifest.json';

@ApiTags('wallet')
@Controller()
export class TonConnectManifestController {
  constructor(private readonly config: AppConfig) {}

  /** Wallets fetch it from their own origins (browser extensions too), hence the open CORS. */
  @Public()
  @Get(TONCONNECT_MANIFEST_PATH)
  @Header('Access-Control-Allow-Origin', '*')
  @Header('Cache-Control', 'public, max-age=300')
  @ApiOkResponse({ description: 'The TON Connect manifest: `{url, name, iconUrl}` from PUBLIC_URL' })
  manifest(@Req() request: Request): TonConnectManifest {
    const origin = publicOrigin(this.config, request);
    return {
      url: origin,
      name: 'MemeMint',
      iconUrl: new URL(this.config.ton.connectIconPath, `${origin}/`).href,
    };
  }
}
