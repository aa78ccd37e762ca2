export * from './market';
export * from './accounts';
export * from './courses';
export * from './risk-profiles';
