export * from './market';
export * from './accounts';
export * from './portfolio';
export * from './courses';
export * from './risk-profiles';
export * from './payments';
export * from './telegram';
export * from './notifications';
