export * from './market';
export * from './accounts';
