/**
 * The back-in-stock module's public API (its model stays inside): "Notify me" for a sold-out
 * colour and size (docs/behaviour/back-in-stock.md), and the job that mails each ask once when
 * its pair is back. Above products (stock, names) and orders (the shop's mail footer).
 */
export { backInStockRouter } from './back-in-stock.router.js';
export { backInStockJob, sendBackInStockMails, BACK_IN_STOCK_EVERY_MS } from './sweep.js';
