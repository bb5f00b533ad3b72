import { Hono } from 'hono';
import { CAMPAIGN_CSV_COLUMNS, campaignCsvCells, campaignReportQuerySchema, campaignSpendSchema } from '@app/shared-types/attribution';
import { csvLine } from '@app/shared-types/finance';
import { requireManager, writeContext } from '../auth';
import type { AppEnv } from '../app-deps';
import { jsonBody, limitBody, queryParams, requireJson } from '../lib/http';
import { access } from '../lib/route-access';
import { campaignReport, saveCampaignSpend } from './campaign-repo';

/**
 * Leads CRM > Campaigns (issue 26): the report from the kept rows, its CSV,
 * and the spend per campaign per month (managers and up).
 */
export const campaigns = new Hono<AppEnv>()
  .get('/', access.staff(), queryParams(campaignReportQuerySchema), async (c) => {
    const { from, to } = c.req.valid('query');
    c.header('Cache-Control', 'no-store');
    return c.json(await campaignReport(c.var.deps.db, from, to), 200);
  })
  .get('/export', access.staff(), queryParams(campaignReportQuerySchema), async (c) => {
    const { from, to } = c.req.valid('query');
    const report = await campaignReport(c.var.deps.db, from, to);
    const body = [csvLine(CAMPAIGN_CSV_COLUMNS), ...report.rows.map((row) => csvLine(campaignCsvCells(row)))].join('\r\n') + '\r\n';
    return c.body(body, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="campaigns-${from}-to-${to}.csv"`,
      'Cache-Control': 'no-store',
    });
  })
  .put('/spend', access.role('manager'), requireManager, limitBody(), requireJson, jsonBody(campaignSpendSchema), async (c) => {
    await saveCampaignSpend(c.var.deps.db, c.req.valid('json'), writeContext(c));
    return c.json({ ok: true }, 200);
  });
