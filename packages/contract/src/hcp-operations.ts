/**
 * Every operation the server writes to the HCP operation history (area 'hcp'): the `op` of a
 * patient or hcpWork route an HCP can pass, and the action of a change a service records itself.
 * The server's types take only these, and the web app labels each one (`history.action.<op with _
 * for .>`) and offers each in the history's filter, in this order. Only operations an HCP can have
 * on record belong here (the patient's own routes name none): the server's test
 * access/hcp-operations-reach.int.test.ts holds this list to the access rules and the route table.
 */
export const HCP_OPERATIONS = [
  'monitor.view',
  'monitorProfile.view',
  'settings.view',
  'settings.save',
  'dataOptions.view',
  'pdm.settings.view',
  'pdm.sessions.view',
  'uploads.view',
  'events.view',
  'events.add',
  'events.edit',
  'events.delete',
  'records.view',
  'records.add',
  'records.edit',
  'records.delete',
  'profile.view',
  'profile.edit',
  'reports.datamap',
  'reports.ds',
  'reports.dd',
  'reports.ol',
  'reports.ta',
  'reports.lgb',
  'reports.dashboard',
  'reports.events',
  'reports.alerts',
  'reports.deviceSettings',
  'reports.compare',
  'reports.patterns',
  'reports.fhir',
  'alerts.settings',
  'alerts.history',
  'data.export',
  'patient.create',
  'patient.delete',
  'patient.remove',
  'patient.export',
  'patients.list',
  'connections.status',
  'relation.request',
  'relation.cancel',
  'relation.stop',
  'group.addUser',
  'group.disableUser',
  'group.enableUser',
  'group.deleteUser',
] as const;
export type HcpOperation = (typeof HCP_OPERATIONS)[number];
