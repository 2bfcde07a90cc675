/** Where banners show, zod-free for the screens. Only the home page's carousel today. */
export const BANNER_POSITIONS = ['home'] as const;
export type BannerPosition = (typeof BANNER_POSITIONS)[number];
