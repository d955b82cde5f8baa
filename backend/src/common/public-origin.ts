import type { Request } from 'express';

import type { AppConfig } from '../config/app.config.js';

/**
 * The origin links to the app are built from: PUBLIC_URL (required in production), else, in
 * development and tests, the request's own scheme and host (behind the proxy that `trust proxy`
 * believes; a Host that is not a host was refused with 400). Untrusted without PUBLIC_URL: escape it in HTML.
 */
export function publicOrigin(config: AppConfig, request: Request): string {
  return config.http.publicUrl ?? `${request.protocol}://${request.get('host') ?? 'localhost'}`;
}
