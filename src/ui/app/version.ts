/** The web app's version, set by the build (vite.config.ts); `dev` where no build set it. */
declare const __APP_VERSION__: string | undefined;

export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';
