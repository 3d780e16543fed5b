import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache.ts';

describe('the SQLite statement cache', () => {
  const opened: SQLite.Database[] = [];
  afterEach(() => {
    for (const database of opened.splice(0)) database.close();
  });
  function open() {
    const sqlite = new SQLite(':memory:');
    opened.push(sqlite);
    sqlite.exec('create table notes (id integer primary key, body text)');
    sqlite.exec("insert into notes (body) values ('a'), ('b'), ('c')");
    return sqlite;
  }

  it('prepares a query once and gives the same statement for the same SQL', () => {
    const database = withStatementCache(open());
    const first = database.prepare('select body from notes where id = ?');
    expect(database.prepare('select body from notes where id = ?')).toBe(first);
    expect(first.all([2])).toEqual([{ body: 'b' }]);
    expect(database.prepare('select body from notes where id > ?')).not.toBe(first);
  });

  it('gives a statement of its own to a query whose kept statement is still being iterated', () => {
    const database = withStatementCache(open());
    const streamed = database.prepare('select id from notes order by id');
    const rows = streamed.iterate([]);
    expect(rows.next().value).toEqual({ id: 1 });
    const meanwhile = database.prepare('select id from notes order by id');
    expect(meanwhile).not.toBe(streamed);
    expect(meanwhile.all([])).toHaveLength(3);
    expect([...rows]).toEqual([{ id: 2 }, { id: 3 }]);
    expect(database.prepare('select id from notes order by id')).toBe(streamed);
  });

  it('keeps at most its maximum, letting the least recently used statement go first', () => {
    const database = withStatementCache(open(), 2);
    const one = database.prepare('select 1');
    const two = database.prepare('select 2');
    expect(database.prepare('select 1')).toBe(one);
    database.prepare('select 3');
    expect(database.prepare('select 1')).toBe(one);
    expect(database.prepare('select 2')).not.toBe(two);
  });
});
