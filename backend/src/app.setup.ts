import { RequestMethod } from '@nestjs/common';
import type { NestExpressApplication, NestExpressBodyParserOptionsFor } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';

import { AllExceptionsFilter } from './common/all-exceptions.filter.js';
import { validHostHeader } from './common/host-header.js';
import { verifyJsonBody } from './common/json-body.js';
import { securityHeaders } from './common/security-headers.js';
import { createValidationPipe } from './common/validation.pipe.js';
import type { AppConfig } from './config/app.config.js';
import { MEME_PAGE_PATH } from './memes/meme-page.controller.js';
import { MetricsService } from './metrics/metrics.service.js';
import { TONCONNECT_MANIFEST_PATH } from './wallet/tonconnect-manifest.controller.js';
import { serveWebApp } from './web-app/serve-web-app.js';

const API_PREFIX = 'api';

/** Served at the site root beside the mini app, not under /api: what crawlers and wallets fetch. */
const ROOT_ROUTES = [MEME_PAGE_PATH, TONCONNECT_MANIFEST_PATH].map((path) => ({
  path,
  method: RequestMethod.GET,
}));

/** Everything main.ts and the tests apply to a created app before it listens. */
export function configureApp(app: NestExpressApplication, config: AppConfig): NestExpressApplication {
  app.useLogger(app.get(Logger));
  // Forwarded headers only from the configured proxies: anyone else could name any address.
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  app.use(validHostHeader());
  app.use(app.get(MetricsService).httpMiddleware());
  // `https:` already covers the real Bot API; only a plain-http fake one needs naming.
  const botApi = new URL(config.telegram.apiUrl);
  const devBotApi = config.auth.devLogin && botApi.protocol === 'http:' ? [botApi.origin] : [];
  app.use(securityHeaders(devBotApi));
  // `verify` is left out of Nest's option types because `rawBody: true` replaces it; this app never
  // sets rawBody, so the depth check runs on every JSON body.
  app.useBodyParser('json', {
    limit: config.http.jsonBodyLimit,
    verify: verifyJsonBody(config.http.jsonMaxDepth),
  } as NestExpressBodyParserOptionsFor<'json'>);
  app.useBodyParser('urlencoded', { limit: config.http.jsonBodyLimit, extended: false });
  // Before the API's routes: the mini app's files and routes (precompressed, hashed assets immutable),
  // everything under /api and the root routes passed on.
  if (config.http.frontendDist)
    app.use(
      serveWebApp(config.http.frontendDist, [
        (urlPath) => /^\/i\/[^/]+\/?$/.test(urlPath),
        (urlPath) => urlPath === `/${TONCONNECT_MANIFEST_PATH}`,
      ]),
    );
  app.setGlobalPrefix(API_PREFIX, { exclude: ROOT_ROUTES });
  app.useGlobalFilters(new AllExceptionsFilter());
  app.useGlobalPipes(createValidationPipe());

  if (config.http.apiDocs) serveApiDocs(app);
  return app;
}

/** The OpenAPI page at /api/docs and its document at /api/docs-json (API_DOCS). */
function serveApiDocs(app: NestExpressApplication): void {
  const openApi = new DocumentBuilder()
    .setTitle('MemeMint API')
    .setDescription('The API of the MemeMint Telegram mini app. Errors are `{detail: string, …}`.')
    .setVersion('1')
    .addBearerAuth()
    .build();
  SwaggerModule.setup(`${API_PREFIX}/docs`, app, () => SwaggerModule.createDocument(app, openApi));
}
