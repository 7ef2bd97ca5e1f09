export { lowStockVariants, queueLowStockDigest } from './low-stock';
