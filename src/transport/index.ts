export * from './client.ts';
export * from './errors.ts';
export * from './download.ts';
export * from './envelope-crypto.ts';
export { toQueryString, fillPath } from './query-string.ts';
export { CookieJar } from './cookie-jar.ts';
