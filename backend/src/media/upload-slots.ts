import { Injectable } from '@nestjs/common';

import { Semaphore } from '../common/semaphore.js';
import { AppConfig } from '../config/app.config.js';

/**
 * The process's UPLOAD_MAX_CONCURRENT slots for image uploads (read, checked, re-encoded): one
 * noisy 36 MP JPEG takes ~30 MB of body and ~250 MB while sharp re-encodes it, so without a bound 8
 * parallel uploads took the API past 1.3 GB (docs/perf-log/uploads.md "Uploads: parallel, through HTTP").
 */
@Injectable()
export class UploadSlots {
  private readonly semaphore: Semaphore;

  constructor(config: AppConfig) {
    this.semaphore = new Semaphore(config.media.maxConcurrentUploads);
  }

  acquire(): Promise<() => void> {
    return this.semaphore.acquire();
  }
}
