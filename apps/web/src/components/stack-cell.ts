// The attributes of a cell of a table that becomes cards on a phone (styles.css .table--stack):
// the column's name to show beside the value, or, for an empty cell, nothing at all (a card line
// "Notes" with no notes looked broken).

export function stackCell(
  label: string,
  text: string,
  className?: string,
): { 'data-label'?: string; className?: string } {
  if (text.trim()) return { 'data-label': label, ...(className ? { className } : {}) };
  return { className: className ? `${className} stack-hide` : 'stack-hide' };
}
