/** Query keys of the notifications feature; every one starts with 'notifications'. */
export const notificationKeys = {
  all: ['notifications'] as const,
  settings: () => [...notificationKeys.all, 'settings'] as const,
  devices: () => [...notificationKeys.all, 'devices'] as const,
  publicKey: () => [...notificationKeys.all, 'public-key'] as const,
  appPasswords: () => [...notificationKeys.all, 'app-passwords'] as const,
};
