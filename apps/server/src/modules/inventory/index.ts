export { listLowStockVariants, queueLowStockDigest } from './low-stock';
