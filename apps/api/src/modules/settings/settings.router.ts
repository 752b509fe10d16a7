/**
 * /api/settings/public (what the storefront may read, for anyone) and /api/admin/settings
 * (every section, and saving one: admins only). Thin: auth → validate → service.
 */
import { Router, type RequestHandler } from 'express';
import {
  SETTINGS_SECTIONS,
  settingsSectionParams,
  settingsUpdateBody,
  type SettingsSection,
} from '@repo/shared';
import type { Auth } from '../../lib/auth.js';
import { validate } from '../../lib/validate.js';
import * as settings from './settings.service.js';

/** A minute in shared caches and browsers: a changed fee shows on the next page after that (checkout prices on the server). */
const PUBLIC_MAX_AGE_S = 60;

export function settingsRouter(): Router {
  const router = Router();
  router.get('/public', async (_req, res) => {
    res.set('Cache-Control', `public, max-age=${PUBLIC_MAX_AGE_S}`);
    res.json(await settings.publicSettingsAnswer());
  });
  return router;
}

/** The body's schema depends on the section named in the path. */
const validateSectionBody: RequestHandler = (req, res, next) => {
  const { section } = res.locals.params as { section: SettingsSection };
  validate({ body: settingsUpdateBody(section) })(req, res, next);
};

export function adminSettingsRouter(auth: Auth): Router {
  const router = Router();
  router.get('/', auth.requireAdmin, async (_req, res) => {
    res.json({ success: true, settings: await settings.adminSettings() });
  });
  router.put(
    '/:section',
    auth.requireAdmin,
    validate({ params: settingsSectionParams }),
    validateSectionBody,
    async (req, res) => {
      const { section } = res.locals.params as { section: SettingsSection };
      const user = req.user!;
      const saved = await settings.updateSettings(section, req.body, {
        id: user.id,
        name: user.name,
      });
      res.json({
        success: true,
        message: `${SETTINGS_SECTIONS[section].title} settings saved`,
        section,
        settings: saved,
      });
    },
  );
  return router;
}
