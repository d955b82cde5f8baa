import type { UserDto } from '@mememint/contracts';
import type { Api } from '../../api/endpoints';
import type { LaunchContext } from '../../telegram/sdk';

/** "Login error. Please reload the page or app." (SEED-SPEC §5): no usable user came back. */
export class LoginError extends Error {
  constructor() {
    super('Login error. Please reload the page or app.');
    this.name = 'LoginError';
  }
}

/**
 * Start-up login of SEED-SPEC §4: init data with a user id logs in; otherwise both tokens from the
 * cookies are reused. Either way the user is loaded and must carry a tgId.
 */
export async function signIn(api: Api, launch: LaunchContext): Promise<UserDto> {
  if (launch.userId && launch.initDataRaw) {
    api.client.acceptLogin(await api.login({ initData: launch.initDataRaw }));
  } else if (!api.client.hasBothTokens()) {
    throw new LoginError();
  }
  const user = await api.me();
  if (!user?.tgId) throw new LoginError();
  return user;
}
