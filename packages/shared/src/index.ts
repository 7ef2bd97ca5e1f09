export * from './catalog';
export * from './categories';
export * from './constants';
export * from './errors';
export * from './listing';
export * from './pagination';
export * from './pricing';
export * from './ratings';
