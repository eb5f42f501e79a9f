import type { Kernel } from '../../api/plugins/types.ts';

export const DEMO_USERNAME = 'demo';
export const DEMO_PASSWORD = 'demo1234';

export async function seedAccounts(kernel: Kernel): Promise<void> {
  await kernel.services.accounts.register({
    username: DEMO_USERNAME,
    password: DEMO_PASSWORD,
    email: 'demo@onetrack.example',
    name: 'Demo Listener',
    isArtist: false,
  });
}
