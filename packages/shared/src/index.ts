export * from './catalog';
export * from './categories';
export * from './constants';
export * from './errors';
export * from './pagination';
export * from './pricing';
