/**
 * The settings module's public API (its model stays inside): a bottom-layer module, like users
 * and categories. It imports no other module, and any module reads a section through these.
 */
export {
  adminSettings,
  getSettings,
  getSettingsOf,
  publicSettings,
  publicSettingsAnswer,
  settingsValue,
  updateSettings,
  type SettingsAuthor,
} from './settings.service.js';
export { adminSettingsRouter, settingsRouter } from './settings.router.js';
