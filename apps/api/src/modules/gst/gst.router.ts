/** GET /api/admin/gst-report?month=2026-11: the month's GST report as a CSV file (admins). */
import { Router } from 'express';
import { gstReportQuery, type GstReportQuery } from '@repo/shared';
import type { Auth } from '../../lib/auth.js';
import { validate } from '../../lib/validate.js';
import { gstReport } from './gst-report.js';
import { gstSeller } from './seller.js';

export function gstAdminRouter(auth: Auth): Router {
  const router = Router();
  router.get(
    '/gst-report',
    auth.requireAdmin,
    validate({ query: gstReportQuery }),
    async (_req, res) => {
      const { month } = res.locals.query as GstReportQuery;
      const report = await gstReport(month, await gstSeller());
      res.type('text/csv; charset=utf-8').attachment(`gst-report-${month}.csv`).send(report.csv);
    },
  );
  return router;
}
