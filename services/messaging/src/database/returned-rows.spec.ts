import { describe, expect, it } from 'vitest';
import { returnedRows } from './returned-rows.js';

describe('returnedRows', () => {
  it('reads both answers of TypeORM on PostgreSQL', () => {
    expect(returnedRows([{ id: 'a' }])).toEqual([{ id: 'a' }]); // INSERT … RETURNING
    expect(returnedRows([[], 0])).toEqual([]); // UPDATE … RETURNING that matched nothing
    expect(returnedRows([[{ id: 'a' }], 1])).toEqual([{ id: 'a' }]);
    expect(returnedRows([{ id: 'a' }, { id: 'b' }])).toHaveLength(2);
  });
});
