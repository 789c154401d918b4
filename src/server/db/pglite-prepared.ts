import { type PGlite, parse, protocol } from '@electric-sql/pglite';
import type { Row } from './database.ts';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/** A statement prepared under its name: its text (one per name), parameter types and row shape. */
interface Statement {
  sql: string;
  paramTypes: number[];
  /** The RowDescription of Describe (statement), standing in for a Describe of each portal. */
  rowDescription: BackendMessage | undefined;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * Named prepared statements on PGlite, as the pg driver keeps them per connection on PostgreSQL
 * (Database's `prepared` option). PGlite's query() sends every statement as six protocol calls into
 * its WebAssembly PostgreSQL (Parse, Describe, Bind, Describe, Execute, Sync), parsing, analysing and
 * planning it each time: a sign-in's two statements, with the account view's eight subqueries, were
 * parsed and planned on every sign-in. A named one is parsed and described once (PGlite's
 * execProtocolStream, the protocol interface it documents for this) and then run as one call of
 * Bind, Execute and Sync, its plan kept by PostgreSQL's plan cache. The caller holds PGlite's locks
 * (`exclusive`): the transaction lock outside a transaction, and the query lock always, as query()
 * does, so nothing runs between the messages.
 */
export function preparedStatements(pg: PGlite) {
  const statements = new Map<string, Statement>();

  async function prepare(name: string, sql: string): Promise<Statement> {
    const known = statements.get(name);
    if (known) {
      // The pg driver refuses the same; two texts under one name would run the wrong one.
      if (known.sql !== sql) throw new Error(`prepared statement "${name}" was prepared with another text`);
      return known;
    }
    const messages = await pg.execProtocolStream(
      concat([
        protocol.serialize.parse({ name, text: sql }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement = {
      sql,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((message) => message.name === 'rowDescription'),
    };
    statements.set(name, statement);
    return statement;
  }

  /** Runs the statement `name` (prepared from `sql` on first use) with `params`; answers its rows. */
  return async function runPrepared<T = Row>(
    name: string,
    sql: string,
    params: readonly unknown[],
    inTransaction: boolean,
  ): Promise<T[]> {
    const run = async () => {
      const statement = await prepare(name, sql);
      // The values as PGlite's query() writes them: by the parameter's type, text otherwise.
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null;
        const serialize = pg.serializers[statement.paramTypes[i] ?? 0];
        return serialize ? serialize(param) : String(param);
      });
      const messages = await pg.execProtocolStream(
        concat([
          protocol.serialize.bind({ statement: name, values }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]),
        { syncToFs: !inTransaction },
      );
      const described = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
      return (parse.parseResults(described, pg.parsers)[0]?.rows ?? []) as T[];
    };
    const exclusive = () => pg.runExclusive(run);
    return inTransaction ? exclusive() : pg._runExclusiveTransaction(exclusive);
  };
}
