export * from './market';
export * from './accounts';
export * from './telegram';
export * from './notifications';
