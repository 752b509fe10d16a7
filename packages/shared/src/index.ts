export * from './constants/index.js';
export * from './rules/index.js';
export * from './schemas/common.js';
export * from './schemas/category.js';
export * from './schemas/product.js';
export * from './schemas/user.js';
export * from './schemas/order.js';
export * from './schemas/payment.js';
