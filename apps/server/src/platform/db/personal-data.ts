import { eq, or } from 'drizzle-orm';
import type { Db } from './client';
import {
  alarms,
  alertEpisodes,
  alertLog,
  alertSettings,
  basalDayBlocks,
  basalSegments,
  clinicConsents,
  bgReadings,
  boluses,
  dataDeletions,
  dataOptions,
  deviceSessions,
  devices,
  deviceStatus,
  events,
  medicalRecords,
  messages,
  monitorSettings,
  nightscoutCredentials,
  nightscoutDocuments,
  nightscoutEntryHours,
  oauthGrants,
  oauthTokens,
  patientDataEvents,
  pdmSettings,
  relations,
  sgBlocks,
  sgSources,
  uploads,
} from './schema';

/**
 * Every table that holds a person's health or device data, keyed by `patient_id`: one list, used
 * wherever a person's data must go (an account converted to HCP, an account deleted, the retention
 * job). A test checks that every table of the schema with a `patient_id` column is here.
 */
export const PATIENT_DATA_TABLES = [
  sgBlocks,
  sgSources,
  patientDataEvents,
  bgReadings,
  basalSegments,
  basalDayBlocks,
  boluses,
  alarms,
  deviceStatus,
  deviceSessions,
  events,
  dataOptions,
  pdmSettings,
  uploads,
  dataDeletions,
  monitorSettings,
  devices,
  medicalRecords,
  nightscoutCredentials,
  nightscoutDocuments,
  nightscoutEntryHours,
  oauthTokens,
  oauthGrants,
  clinicConsents,
  alertLog,
  alertEpisodes,
  alertSettings,
] as const;

/** Deletes all of a person's data as a patient, and their connections either way, inside `tx`. */
export async function deletePersonalData(tx: Db, userId: string): Promise<void> {
  for (const table of PATIENT_DATA_TABLES) {
    await tx.delete(table).where(eq(table.patientId, userId));
  }
  await tx.delete(relations).where(or(eq(relations.patientId, userId), eq(relations.followerId, userId)));
  await tx.delete(messages).where(eq(messages.recipientId, userId));
}
