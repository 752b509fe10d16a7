/** The users module's public API (its model stays inside). */
export { toPublicUser } from './user.model.js';
export { hashPassword, verifyPassword, passwordPool, BCRYPT_COST } from './password.js';
export { usersRouter, adminUsersRouter } from './users.router.js';
export {
  adminContacts,
  createUser,
  findSessionUser,
  findUserWithPassword,
  profileAddress,
  resetPasswordHash,
  userContact,
  userContacts,
  userExists,
  type UserRecord,
} from './users.service.js';
