export * from './accounts';
export * from './device-data';
export * from './relations';
export * from './app-state';
export * from './settings';
export * from './clinical';
export * from './operations';
export * from './nightscout';
