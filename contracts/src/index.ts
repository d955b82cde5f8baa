export * from './auth.js';
export * from './errors.js';
export * from './events.js';
export * from './memes.js';
export * from './promocodes.js';
export * from './queue.js';
export * from './stickers.js';
export * from './user.js';
