import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';

import { Public } from '../common/decorators/public.decorator.js';
import { HealthService, type HealthReport } from './health.service.js';

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get()
  @ApiOkResponse({ description: '`{status: "ok", database: "up", redis: "up"}`' })
  @ApiServiceUnavailableResponse({ description: '`{detail, database, redis}`: which dependency is down' })
  async check(): Promise<HealthReport & { status: 'ok' }> {
    const report = await this.health.check();
    if (report.database === 'down' || report.redis === 'down') {
      throw new ServiceUnavailableException({ detail: 'Service unavailable', ...report });
    }
    return { status: 'ok', ...report };
  }
}
