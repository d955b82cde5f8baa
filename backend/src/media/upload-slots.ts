import { Injectable } from '@nestjs/common';

import { Semaphore } from '../common/semaphore.js';
import { AppConfig } from '../config/app.config.js';
import { BodyBudget } from './upload-body.js';

/** The process's UPLOAD_MAX_BUFFERED_BYTES for upload bodies as they arrive. */
@Injectable()
export class UploadBodyBudget extends BodyBudget {
  constructor(config: AppConfig) {
    super(config.media.maxBufferedUploadBytes);
  }
}

/**
 * The process's UPLOAD_MAX_CONCURRENT slots for decoding uploaded images (checked, re-encoded): a
 * noisy 36 MP JPEG takes ~250 MB while sharp re-encodes it, so without a bound 8 parallel uploads took
 * the API past 1.3 GB (docs/perf-log/uploads.md "Uploads: parallel, through HTTP"). A slot covers the
 * decode only, never receiving the body nor waiting for the worker's analysis.
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
