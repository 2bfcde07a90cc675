export * from './json.ts';
export * from './scrub.ts';
export * from './eventLog.ts';
export * from './eventLogFile.ts';
export * from './replay.ts';
export * from './retry.ts';
export * from './queryCache.ts';
export * from './dictCache.ts';
