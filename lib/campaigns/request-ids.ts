import { uuidV5 } from "@/lib/bulk/request-ids";

/** Our namespace for campaign RequestIDs (a fixed random UUID: changing it would pay occurrences again). */
export const CAMPAIGN_NAMESPACE = "b3e6f0d2-8c41-4a97-9f15-2d7c64a1e0b8";

/**
 * A player's RequestID in one occurrence of a campaign (docs/console.md, "Campaigns"): the same
 * campaign, occurrence and player give the same RequestID on every try, on every console instance,
 * so the service pays it at most once. The campaign is named by its GUID, never its row number,
 * which another console's database could share.
 */
export function occurrenceRequestId(campaignGuid: string, index: number, customerId: string): string {
  return uuidV5(`${campaignGuid.toLowerCase()}:${index}:${customerId}`, CAMPAIGN_NAMESPACE);
}
