export * from './common';
export * from './accounts';
export * from './paths';
export * from './device-records';
export * from './monitor';
export * from './pdm-settings';
export * from './data';
