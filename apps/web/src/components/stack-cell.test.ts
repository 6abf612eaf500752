import { describe, expect, it } from 'vitest';
import { stackCell } from './stack-cell';

describe('a cell of a stacked table', () => {
  it('is named by its column when it has a value', () => {
    expect(stackCell('Notes', 'Pasta lunch')).toEqual({ 'data-label': 'Notes' });
    expect(stackCell('Value', '45 g', 'nowrap')).toEqual({ 'data-label': 'Value', className: 'nowrap' });
  });
  it('is left out of the phone card when empty', () => {
    expect(stackCell('Notes', '')).toEqual({ className: 'stack-hide' });
    expect(stackCell('Notes', '  ', 'pv-table__notes')).toEqual({ className: 'pv-table__notes stack-hide' });
  });
});
