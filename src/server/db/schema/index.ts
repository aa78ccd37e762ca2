export * from './market';
export * from './accounts';
export * from './payments';
