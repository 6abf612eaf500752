export interface AdminTool {
  to: string;
  key: string;
  /** Only the super admin may use it (the server refuses everyone else). */
  superOnly?: boolean;
}

/**
 * Every tool of the account-administration area (spec §2 account-admin screens, other admin and
 * tool routes), in the order of the menu. Each is reachable from the menu and the homes of the
 * roles that may use it; `superOnly` tools only for the super admin, as the server decides
 * (access/route-access.ts `superOnly`). /UserAdmin opens from /Member, /accountsadmin_add from the
 * admins' list, /otamanagementHistory also from /otamanagement. The operations tools are named by
 * their screens' titles.
 */
export const ADMIN_TOOLS: readonly AdminTool[] = [
  { to: '/accountsadmin_list', key: 'admin.nav.admins', superOnly: true },
  { to: '/accountsadmin_super_add', key: 'admin.nav.addAdmin', superOnly: true },
  { to: '/CreateHCP_list', key: 'admin.nav.applications' },
  { to: '/createHcp', key: 'admin.nav.createHcp' },
  { to: '/Member', key: 'admin.nav.members' },
  { to: '/History', key: 'admin.nav.history' },
  { to: '/ClinicalData', key: 'clinics.listTitle' },
  { to: '/ClinicDataAdd', key: 'clinics.add' },
  { to: '/otamanagement', key: 'firmware.title' },
  { to: '/otamanagementHistory', key: 'firmware.historyTitle' },
  { to: '/AccountSumarry', key: 'usage.accountsTitle' },
  { to: '/dataStatistics', key: 'usage.dailyTitle' },
  { to: '/BasicQuantityRecord', key: 'usage.countryTitle' },
  { to: '/EasyPatchResult', key: 'patchResults.title' },
  { to: '/HCLprint', key: 'hclPrint.title' },
  { to: '/DevDebug', key: 'devDebug.title', superOnly: true },
];

export function adminTools(isSuper: boolean): AdminTool[] {
  return ADMIN_TOOLS.filter((tool) => isSuper || !tool.superOnly);
}
