/** The users module's public API. */
export { User, toPublicUser } from './user.model.js';
export { hashPassword, verifyPassword, passwordPool, BCRYPT_COST } from './password.js';
export { usersRouter, adminUsersRouter } from './users.router.js';
export { findSessionUser } from './users.service.js';
