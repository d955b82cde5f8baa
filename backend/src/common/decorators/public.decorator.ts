import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC_KEY = 'mememint:isPublic';

/** Opens a route (or a whole controller) to requests without an access token. */
export const Public = () => SetMetadata(IS_PUBLIC_KEY, true);
