// Step B of the reset wizard (spec §4) tells the user where the code went without giving the
// address away to whoever typed the username: p***@example.com, +49 *** **12.

export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

export function maskMobile(mobile: string): string {
  const digits = mobile.replace(/\D/g, '');
  const prefix = mobile.trim().startsWith('+') ? `+${digits.slice(0, 2)} ` : '';
  return `${prefix}*** **${digits.slice(-2)}`;
}
