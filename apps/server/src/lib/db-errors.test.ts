import { describe, expect, it, vi } from 'vitest';
import {
  databaseErrorSummary,
  isDatabaseUnavailable,
  logDatabaseFailure,
  markConnectionFailure,
} from './db-errors.js';

/** An error shaped as node-postgres gives the server's answers (code, severity). */
const pgError = (code: string, severity = 'ERROR', message = `server said ${code}`) =>
  Object.assign(new Error(message), { code, severity });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['53300 too many connections', pgError('53300', 'FATAL')],
    ['53300 even without a severity', Object.assign(new Error('sorry, too many clients'), { code: '53300' })],
    ['53000 insufficient resources', pgError('53000')],
    ['53100 disk full', pgError('53100')],
    ['53200 out of memory', pgError('53200')],
    ['53400 configuration limit exceeded', pgError('53400')],
    ['57P01 admin shutdown', pgError('57P01')],
    ['57P02 crash shutdown', pgError('57P02')],
    ['57P03 cannot connect now', pgError('57P03')],
    ['57P04 database dropped', pgError('57P04')],
    ['57P05 idle session timeout', pgError('57P05')],
    ['08000 connection exception', pgError('08000')],
    ['08001 unable to connect', pgError('08001')],
    ['08003 connection does not exist', pgError('08003')],
    ['08006 connection failure', pgError('08006')],
    ['08P01 protocol violation', pgError('08P01')],
    ['55000 while connecting (the database does not allow connections)', pgError('55000', 'FATAL')],
    ['40001 serialization failure', pgError('40001')],
    ['40P01 deadlock', pgError('40P01')],
    [
      'ECONNREFUSED',
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ],
    ['ECONNRESET', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['ETIMEDOUT', Object.assign(new Error('connect ETIMEDOUT'), { code: 'ETIMEDOUT' })],
    ['EHOSTUNREACH', Object.assign(new Error('connect EHOSTUNREACH'), { code: 'EHOSTUNREACH' })],
    ['a terminated connection', new Error('Connection terminated unexpectedly')],
    ['a pool that waited too long', new Error('timeout exceeded when trying to connect')],
    ['a connect that timed out', new Error('Connection terminated due to connection timeout')],
    ['a broken client', new Error('Client has encountered a connection error and is not queryable')],
    ['a pool being shut down', new Error('Cannot use a pool after calling end on the pool')],
    ['a busy SQLite file', Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' })],
    [
      'a cause two levels down',
      new Error('outer', { cause: new Error('inner', { cause: pgError('57P01') }) }),
    ],
    ['one of several', new AggregateError([new Error('x'), pgError('08006')], 'both failed')],
  ])('%s', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it('counts any error met while obtaining a connection, whatever its code', () => {
    // 55000 raised by a query (e.g. a sequence's currval before nextval) is a fault of the query...
    const byQuery = pgError('55000');
    expect(isDatabaseUnavailable(byQuery)).toBe(false);
    // ...while the same code from a connection attempt says the database refuses sessions.
    const byConnect = markConnectionFailure(pgError('55000'));
    expect(isDatabaseUnavailable(byConnect)).toBe(true);
    // An error with no code at all, from the pool, too.
    expect(isDatabaseUnavailable(markConnectionFailure(new Error('something odd')))).toBe(true);
    expect(isDatabaseUnavailable(new Error('outer', { cause: byConnect }))).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('23505')],
    ['a syntax error', pgError('42601')],
    ['55000 from a query', pgError('55000')],
    ['55P03 lock not available', pgError('55P03')],
    ['an invalid input', pgError('22P02')],
    ['a plain error', new Error('boom')],
    ['a code that merely starts with 53 but is no SQLSTATE', Object.assign(new Error('x'), { code: '53' })],
    ['a string', 'Connection terminated'],
    ['null', null],
  ])('not %s', (_name, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});

describe('databaseErrorSummary', () => {
  it('keeps the code and message, not the stack', () => {
    expect(databaseErrorSummary(pgError('53300', 'FATAL', 'too many'))).toEqual({
      code: '53300',
      message: 'too many',
    });
    expect(databaseErrorSummary(new Error('gone'))).toEqual({ message: 'gone' });
  });
});

describe('logDatabaseFailure', () => {
  it('warns without a stack while the database is away, and reports anything else as an error', () => {
    const log = { warn: vi.fn(), error: vi.fn() };
    logDatabaseFailure(log, pgError('57P03', 'FATAL', 'the database system is starting up'), 'run failed');
    expect(log.warn).toHaveBeenCalledWith(
      { database: { code: '57P03', message: 'the database system is starting up' } },
      'run failed',
    );
    const bug = new TypeError('x is undefined');
    logDatabaseFailure(log, bug, 'run failed');
    expect(log.error).toHaveBeenCalledWith({ err: bug }, 'run failed');
    expect(log.warn).toHaveBeenCalledTimes(1);
  });
});
