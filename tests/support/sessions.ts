/** Logging a demo account in on a test platform through the SDK. */
import { accounts as accountsApi } from '../../src/contract/accounts/refs.ts';
import { sdk } from './api.ts';
import type { TestPlatform } from './platform.ts';

/** A fresh SDK client logged in as one of the seeded demo accounts, and who it is. */
export async function loginAs(platform: TestPlatform, role: keyof TestPlatform['accounts']) {
  const api = sdk(platform.apiUrl);
  const { username, password } = platform.accounts[role];
  const user = await api.call(accountsApi.loginByPwd, { body: { username, password } });
  return { api, user };
}
