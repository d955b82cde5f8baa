import type { UserDto } from '@mememint/contracts';

import type { ApiClient } from '../../lib/api-client';
import type { LaunchContext } from '../../telegram/launch';
import { getMe } from './api/get-me';
import { login } from './api/login';

/** "Login error. Please reload the page or app." (docs/SPEC.md §5): no usable user came back. */
export class LoginError extends Error {
  constructor() {
    super('Login error. Please reload the page or app.');
    this.name = 'LoginError';
  }
}

/**
 * Start-up login of docs/SPEC.md §4: init data with a user id logs in; otherwise both tokens from the
 * cookies are reused. Either way the user is loaded and must carry a tgId.
 */
export async function signIn(client: ApiClient, launch: LaunchContext): Promise<UserDto> {
  if (launch.userId && launch.initDataRaw) {
    client.acceptLogin(await login(client, { initData: launch.initDataRaw }));
  } else if (!client.hasBothTokens()) {
    throw new LoginError();
  }
  const user = await getMe(client);
  if (!user?.tgId) throw new LoginError();
  // A refused token refresh later on logs in again from the same init data (issue 22, defect 5).
  client.keepInitData(launch.userId ? launch.initDataRaw : undefined);
  return user;
}
