/** The users module's public API (its model stays inside). */
export { toPublicUser } from './user.model.js';
export { hashPassword, verifyPassword, passwordPool, BCRYPT_COST } from './password.js';
export {
  ACCOUNT_GUESSES,
  GUESS_DELAY,
  GUESS_DELAY_LIMIT,
  GUESS_DELAY_WINDOW_MS,
  GUESSING_MAIL_SUBJECT,
  noteWrongGuess,
  WRONG_PASSWORDS_PER_ADDRESS,
} from './guessing.js';
export { usersRouter, adminUsersRouter } from './users.router.js';
export { defaultAddress, findAddress } from './addresses.js';
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
  userIdsMatching,
  type UserRecord,
} from './users.service.js';
