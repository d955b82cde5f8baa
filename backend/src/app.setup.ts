import { type NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';

import { AllExceptionsFilter } from './common/all-exceptions.filter.js';
import { createValidationPipe } from './common/validation.pipe.js';
import type { AppConfig } from './config/app.config.js';

const API_PREFIX = 'api';

/** Everything main.ts and the tests apply to a created app before it listens. */
export function configureApp(app: NestExpressApplication, config: AppConfig): NestExpressApplication {
  app.useLogger(app.get(Logger));
  app.set('trust proxy', 1);
  app.useBodyParser('json', { limit: config.http.jsonBodyLimit });
  app.useBodyParser('urlencoded', { limit: config.http.jsonBodyLimit, extended: false });
  app.setGlobalPrefix(API_PREFIX);
  app.useGlobalFilters(new AllExceptionsFilter());
  app.useGlobalPipes(createValidationPipe());
  app.enableShutdownHooks();

  const openApi = new DocumentBuilder()
    .setTitle('MemeMint API')
    .setDescription('The API of the MemeMint Telegram mini app. Errors are `{detail: string, …}`.')
    .setVersion('1')
    .addBearerAuth()
    .build();
  SwaggerModule.setup(`${API_PREFIX}/docs`, app, () => SwaggerModule.createDocument(app, openApi));
  return app;
}
