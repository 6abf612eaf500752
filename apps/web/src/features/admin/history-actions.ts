/** The i18n key of an admin-history action (`member.lock` → `admin.action.member_lock`). */
export const adminActionKey = (action: string): string => `admin.action.${action.replace('.', '_')}`;
