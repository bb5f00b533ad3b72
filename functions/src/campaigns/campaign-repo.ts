import * as yup from 'yup';
import {
  campaignRow,
  emptyTouch,
  hasTouch,
  monthOf,
  monthRange,
  NO_CAMPAIGN,
  type AttributionInput,
  type CampaignCounts,
  type CampaignReport,
  type CampaignSpendInput,
  type CampaignTouch,
  type TouchField,
} from '@app/shared-types/attribution';
import type { Lead } from '@app/shared-types/leads';
import type { Db } from '../db/client';
import { allPages, type WriteContext } from '../db/entity';
import type { FigureAddition } from '../db/figures';
import { defineItem, queryPage } from '../db/item';
import { keys } from '../db/keys';
import { plan, type ShardedFigure } from '../db/plan';

/**
 * Leads CRM > Campaigns (issue 26): a row per source and campaign per month,
 * kept by the lead writes themselves (the lead entity's `figures`: its
 * creation, its status moving to contacted, quoted or won, and the approval
 * that gives it its won value), and the spend managers enter. The report
 * reads a month's partition per month asked, never the leads.
 */

/** Shards of a month's row: ad leads of one campaign arriving together seldom meet on one item. */
const ROW_SHARDS = 4;

const count = () => yup.number().default(0);

/** A shard of a row's kept figures (with its month, source and campaign, set by every write). */
export const campaignFigureKind = defineItem({
  type: 'CampaignFigure',
  schema: yup.object({
    month: yup.string().required(),
    source: yup.string().required(),
    campaign: yup.string().defined(),
    leads: count(),
    contacted: count(),
    quoted: count(),
    won: count(),
    wonValue: count(),
  }),
  key: keys.campaignFigure,
  partition: 'CAMPAIGN#*',
  // A website lead is counted by the public function; a client's approval wins its lead.
  grants: { public: ['write'], clientLink: ['write'] },
});

/** A campaign's spend in a month (rupees), entered by managers and up. */
export const campaignSpendKind = defineItem({
  type: 'CampaignSpend',
  schema: yup.object({
    month: yup.string().required(),
    source: yup.string().required(),
    campaign: yup.string().defined(),
    amount: yup.number().required(),
    updatedAt: yup.string().required(),
    updatedBy: yup.string().defined(),
  }),
  key: keys.campaignSpend,
  partition: 'CAMPAIGNSPEND#*',
});

const rowFigure = (month: string, source: string, campaign: string): ShardedFigure => ({
  type: campaignFigureKind.type,
  shards: ROW_SHARDS,
  key: (shard) => keys.campaignFigure(month, source, campaign, shard),
  sets: { month, source, campaign },
});

/** Statuses past New: the lead was reached. */
const CONTACTED: readonly Lead['status'][] = ['Follow-up', 'Quoted', 'Won', 'Lost', 'Not Interested'];
const QUOTED: readonly Lead['status'][] = ['Quoted', 'Won'];

/**
 * What a lead adds to its campaign's row (the month it came in): one lead, and
 * whether it is contacted, quoted or won by its status, with its won value.
 * A lead from before attribution (no campaign source) adds nothing.
 */
export function leadCampaignFigures(lead: Lead): FigureAddition[] {
  if (!lead.campaignSource) return [];
  const won = lead.status === 'Won';
  return [
    {
      figure: rowFigure(monthOf(lead.createdAt), lead.campaignSource, lead.campaign),
      deltas: {
        leads: 1,
        contacted: CONTACTED.includes(lead.status) ? 1 : 0,
        quoted: QUOTED.includes(lead.status) ? 1 : 0,
        won: won ? 1 : 0,
        wonValue: won ? lead.wonValue : 0,
      },
    },
  ];
}

/** The attribution fields of a lead. */
export type LeadAttribution = Pick<Lead, TouchField | 'firstTouch' | 'campaignSource' | 'campaign'>;

/** A lead's attribution when nothing tracked its visit: counted under its own source, no campaign. */
export function sourceAttribution(source: string, campaign = ''): LeadAttribution {
  return { ...emptyTouch(), firstTouch: null, campaignSource: source, campaign };
}

/**
 * A website lead's attribution from the touches its form sent: the last touch
 * on the lead, the first under firstTouch, and its campaign from the touch
 * Settings > Business > Campaign Attribution names (the other one when that
 * one is missing). The campaign's source is the touch's utm_source, else 'Website'.
 */
export function websiteAttribution(attribution: AttributionInput | undefined, touch: CampaignTouch): LeadAttribution {
  const first = hasTouch(attribution?.first) ? attribution.first : null;
  const last = hasTouch(attribution?.last) ? attribution.last : first;
  const counted = (touch === 'first' ? (first ?? last) : (last ?? first)) ?? null;
  return {
    ...(last ?? sourceAttribution('Website')),
    firstTouch: first,
    campaignSource: counted?.utmSource || 'Website',
    campaign: counted?.utmCampaign ?? '',
  };
}

/** The Campaigns report for months `from` to `to`: the kept rows and the spend of each month, added up per source and campaign. */
export async function campaignReport(db: Db, from: string, to: string): Promise<CampaignReport> {
  const rows = new Map<string, { source: string; campaign: string; counts: CampaignCounts }>();
  const rowOf = (source: string, campaign: string) => {
    const id = `${source}\u0000${campaign}`;
    const row = rows.get(id) ?? { source, campaign, counts: { leads: 0, contacted: 0, quoted: 0, won: 0, wonValue: 0, spend: 0 } };
    rows.set(id, row);
    return row.counts;
  };
  const partitions = monthRange(from, to).flatMap((month) => [keys.campaignMonth(month), keys.campaignSpendMonth(month)]);
  const months = await Promise.all(partitions.map((pk) => allPages((start) => queryPage(db, { pk, consistent: true, start }))));
  for (const raw of months.flat()) {
    if (String(raw.sk).startsWith(keys.campaignFigurePrefix())) {
      const figure = campaignFigureKind.parse(raw);
      const counts = rowOf(figure.source, figure.campaign);
      counts.leads += figure.leads;
      counts.contacted += figure.contacted;
      counts.quoted += figure.quoted;
      counts.won += figure.won;
      counts.wonValue += figure.wonValue;
    } else if (String(raw.sk).startsWith(keys.campaignSpendPrefix())) {
      const spend = campaignSpendKind.parse(raw);
      rowOf(spend.source, spend.campaign).spend += spend.amount;
    }
  }
  const result = [...rows.values()]
    .map(({ source, campaign, counts }) => campaignRow(source, campaign || NO_CAMPAIGN, counts))
    .sort((a, b) => b.leads - a.leads || b.spend - a.spend || a.source.localeCompare(b.source) || a.campaign.localeCompare(b.campaign));
  return { from, to, rows: result };
}

/** Sets a campaign's spend in a month, with its audit entry. '(none)' is the row of leads without a campaign. */
export async function saveCampaignSpend(db: Db, input: CampaignSpendInput, ctx: WriteContext): Promise<void> {
  const campaign = input.campaign === NO_CAMPAIGN ? '' : input.campaign;
  const args = [input.month, input.source, campaign] as const;
  const before = await campaignSpendKind.get(db, [...args]);
  const p = plan(db, ctx);
  p.write('spend', campaignSpendKind.put([...args], { month: input.month, source: input.source, campaign, amount: input.amount, updatedAt: ctx.now, updatedBy: ctx.actor.name }, { replace: true }));
  p.audit({
    entity: campaignSpendKind.type,
    entityId: `${input.month}/${input.source}/${campaign}`,
    title: `${input.source} / ${campaign || NO_CAMPAIGN}, ${input.month}`,
    action: before ? 'update' : 'create',
    changes: { amount: { before: before?.amount ?? null, after: input.amount } },
  });
  await p.commit();
}
