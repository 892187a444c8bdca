/**
 * The queries the development platform's jobs run: five shapes (a filtered scan, an aggregation,
 * a join, an insert of an aggregation, a window function) over a few tables, each with its SQL
 * text, its stages and operators (with time weights and output rows) and how it fails. Sizes are
 * drawn from the job's PRNG, spread over orders of magnitude as real workloads are.
 */
export type TRandom = () => number;
const pick = <T>(random: TRandom, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
/** A number spread evenly over orders of magnitude between `min` and `max`. */
export const logUniform = (random: TRandom, min: number, max: number) =>
  Math.exp(Math.log(min) + random() * (Math.log(max) - Math.log(min)));
export const int = (value: number) => Math.max(0, Math.round(value));

type TFact = { table: string; time: string; dim: string; values: string[]; measure: string; key: string };
type TDimension = { table: string; key: string; attr: string };

const facts: readonly (TFact & { dimension: TDimension; width: number })[] = [
  {
    table: 'sales.orders',
    time: 'order_time',
    dim: 'region',
    values: ['east', 'north', 'south', 'west'],
    measure: 'amount',
    key: 'customer_id',
    width: 96,
    dimension: { table: 'crm.customers', key: 'customer_id', attr: 'segment' },
  },
  {
    table: 'logs.page_views',
    time: 'view_time',
    dim: 'device',
    values: ['ios', 'android', 'desktop'],
    measure: 'duration_ms',
    key: 'page_id',
    width: 220,
    dimension: { table: 'web.pages', key: 'page_id', attr: 'section' },
  },
  {
    table: 'iot.sensor_readings',
    time: 'reading_time',
    dim: 'site',
    values: ['sh-01', 'bj-02', 'gz-03'],
    measure: 'reading',
    key: 'device_id',
    width: 64,
    dimension: { table: 'iot.devices', key: 'device_id', attr: 'model' },
  },
  {
    table: 'finance.ledger_entries',
    time: 'posted_at',
    dim: 'currency',
    values: ['CNY', 'USD', 'EUR'],
    measure: 'amount',
    key: 'account_code',
    width: 140,
    dimension: { table: 'finance.accounts', key: 'account_code', attr: 'category' },
  },
];

/** An operator of a plan: its own time weight, its output rows and its inputs. */
export type TOp = { name: string; detail: string | null; weight: number; rows: number; inputs: TOp[] };
export type TStage = { name: string; weight: number; root: TOp };
export type TPlan = {
  sql: string;
  stages: TStage[];
  rowsRead: number;
  rowWidth: number;
  rowsWritten: number;
  /** Stage where a failure of this shape happens, and what it says. */
  failure: { stage: number; message: string };
};

const op = (name: string, detail: string | null, weight: number, rows: number, inputs: TOp[] = []): TOp => ({
  name,
  detail,
  weight,
  rows: int(rows),
  inputs,
});

export type TShape = 'scan' | 'aggregate' | 'join' | 'insert' | 'window';
const shapes: readonly TShape[] = ['scan', 'aggregate', 'aggregate', 'join', 'join', 'insert', 'window'];

export function planOf(random: TRandom, submitMs: number): TPlan & { shape: TShape; durationMs: number } {
  const fact = pick(random, facts);
  const shape = pick(random, shapes);
  const since = new Date(submitMs - Math.ceil(random() * 30) * 86_400_000).toISOString().slice(0, 10);
  const scanned = logUniform(random, 2e5, 3e9);
  const selectivity = logUniform(random, 0.01, 0.7);
  const filtered = scanned * selectivity;
  const groups = Math.min(filtered, logUniform(random, 20, 5e4));
  const parallelism = pick(random, [8, 16, 32, 64]);
  const where = `${fact.time} >= TIMESTAMP '${since} 00:00:00'`;
  const scan = (weight: number) => op('TableScan', fact.table, weight, scanned);
  const filter = (weight: number, input: TOp) => op('Filter', where, weight, filtered, [input]);
  const base = { rowsRead: int(scanned), rowWidth: fact.width, rowsWritten: 0 };
  if (shape === 'scan') {
    const value = pick(random, fact.values);
    const limit = random() < 0.5 ? 1000 : null;
    const out = limit ? Math.min(filtered, limit) : filtered;
    return {
      ...base,
      shape,
      durationMs: int(logUniform(random, 300, 40_000)),
      sql: [
        `SELECT ${fact.key}, ${fact.dim}, ${fact.time}, ${fact.measure}`,
        `FROM ${fact.table}`,
        `WHERE ${where}`,
        `  AND ${fact.dim} = '${value}'`,
        ...(limit ? [`LIMIT ${limit}`] : []),
      ].join('\n'),
      stages: [
        {
          name: 'Stage 0 · scan',
          weight: 8,
          root: op('Project', `${fact.key}, ${fact.dim}, ${fact.time}, ${fact.measure}`, 1, filtered, [
            op('Filter', `${where} AND ${fact.dim} = '${value}'`, 2, filtered, [scan(9)]),
          ]),
        },
        {
          name: 'Stage 1 · result',
          weight: 1,
          root: op('ResultSink', limit ? `LIMIT ${limit}` : null, 1, out, [op('Exchange', 'gather', 2, out)]),
        },
      ],
      failure: {
        stage: 0,
        message: `Cannot read part-000${17 + Math.floor(random() * 60)}.parquet of ${fact.table}: the object is gone (compacted while the query ran). Run the query again.`,
      },
    };
  }
  if (shape === 'aggregate' || shape === 'insert') {
    const partial = Math.min(filtered, groups * parallelism);
    const keys = `${fact.dim}, date_trunc('day', ${fact.time})`;
    const isInsert = shape === 'insert';
    const target = `dw.${fact.table.split('.')[1]}_daily`;
    const stage0: TStage = {
      name: 'Stage 0 · scan and partial aggregate',
      weight: 6,
      root: op('HashAggregate (partial)', keys, 3, partial, [filter(2, scan(8))]),
    };
    const final = op('HashAggregate (final)', keys, 2, groups, [op('Exchange', `hash(${keys})`, 2, partial)]);
    return {
      ...base,
      shape,
      rowsWritten: isInsert ? int(groups) : 0,
      durationMs: int(logUniform(random, isInsert ? 20_000 : 2_000, isInsert ? 1_500_000 : 240_000)),
      sql: isInsert
        ? [
            `INSERT INTO ${target}`,
            `SELECT date_trunc('day', ${fact.time}) AS day, ${fact.dim}, count(*) AS n, sum(${fact.measure}) AS total`,
            `FROM ${fact.table}`,
            `WHERE ${where}`,
            'GROUP BY 1, 2',
          ].join('\n')
        : [
            `SELECT ${fact.dim}, date_trunc('day', ${fact.time}) AS day, count(*) AS n, sum(${fact.measure}) AS total`,
            `FROM ${fact.table}`,
            `WHERE ${where}`,
            `GROUP BY ${fact.dim}, day`,
            'ORDER BY day, total DESC',
          ].join('\n'),
      stages: isInsert
        ? [
            stage0,
            {
              name: 'Stage 1 · final aggregate and write',
              weight: 4,
              root: op('TableWriter', target, 4, groups, [final]),
            },
            { name: 'Stage 2 · commit', weight: 1, root: op('TableCommit', target, 1, groups) },
          ]
        : [
            stage0,
            {
              name: 'Stage 1 · final aggregate',
              weight: 2,
              root: op('Sort', 'day, total DESC', 1, groups, [final]),
            },
            {
              name: 'Stage 2 · result',
              weight: 1,
              root: op('ResultSink', null, 1, groups, [op('Exchange', 'gather', 1, groups)]),
            },
          ],
      failure: isInsert
        ? {
            stage: 2,
            message: `Write conflict on ${target}: another job committed to the same partition first. Run the job again.`,
          }
        : {
            stage: 1,
            message: `Exceeded the per-query memory limit of 16 GiB in HashAggregate (final) of stage 1 (${int(groups)} groups).`,
          },
    };
  }
  if (shape === 'join') {
    const d = fact.dimension;
    const dimRows = logUniform(random, 1e3, 5e7);
    const joined = filtered * logUniform(random, 0.6, 1);
    const attrs = Math.min(joined, logUniform(random, 5, 500));
    const condition = `f.${fact.key} = d.${d.key}`;
    return {
      ...base,
      shape,
      rowsRead: int(scanned + dimRows),
      durationMs: int(logUniform(random, 5_000, 900_000)),
      sql: [
        `SELECT d.${d.attr}, count(DISTINCT f.${fact.key}) AS keys, sum(f.${fact.measure}) AS total`,
        `FROM ${fact.table} f`,
        `JOIN ${d.table} d ON ${condition}`,
        `WHERE f.${where}`,
        `GROUP BY d.${d.attr}`,
        'ORDER BY total DESC',
      ].join('\n'),
      stages: [
        {
          name: 'Stage 0 · scan fact',
          weight: 5,
          root: op('Exchange', `hash(f.${fact.key})`, 2, filtered, [filter(2, scan(7))]),
        },
        {
          name: 'Stage 1 · scan dimension',
          weight: 1,
          root: op('Exchange', 'broadcast', 1, dimRows, [op('TableScan', d.table, 2, dimRows)]),
        },
        {
          name: 'Stage 2 · join and partial aggregate',
          weight: 6,
          root: op('HashAggregate (partial)', `d.${d.attr}`, 2, attrs * parallelism, [
            op('HashJoin (inner)', condition, 8, joined, [
              op('RemoteSource', 'probe: stage 0', 1, filtered),
              op('RemoteSource', 'build: stage 1', 1, dimRows),
            ]),
          ]),
        },
        {
          name: 'Stage 3 · final aggregate and result',
          weight: 1,
          root: op('ResultSink', null, 1, attrs, [
            op('Sort', 'total DESC', 1, attrs, [
              op('HashAggregate (final)', `d.${d.attr}`, 1, attrs, [
                op('Exchange', `hash(d.${d.attr})`, 1, attrs * parallelism),
              ]),
            ]),
          ]),
        },
      ],
      failure: {
        stage: 2,
        message: `Memory limit exceeded in HashJoin (inner) of stage 2: the build side needs ${(
          8 + random() * 6
        ).toFixed(1)} GiB, the limit per node is 8 GiB.`,
      },
    };
  }
  // window: the top 10 of each group
  const kept = Math.min(filtered, groups * 10);
  return {
    ...base,
    shape,
    durationMs: int(logUniform(random, 3_000, 600_000)),
    sql: [
      `SELECT ${fact.key}, ${fact.dim}, ${fact.measure}, rn`,
      'FROM (',
      `  SELECT ${fact.key}, ${fact.dim}, ${fact.measure},`,
      `         row_number() OVER (PARTITION BY ${fact.dim} ORDER BY ${fact.measure} DESC) AS rn`,
      `  FROM ${fact.table}`,
      `  WHERE ${where}`,
      ') ranked',
      'WHERE rn <= 10',
    ].join('\n'),
    stages: [
      {
        name: 'Stage 0 · scan',
        weight: 4,
        root: op('Exchange', `hash(${fact.dim})`, 2, filtered, [filter(2, scan(7))]),
      },
      {
        name: 'Stage 1 · window',
        weight: 5,
        root: op('Filter', 'rn <= 10', 1, kept, [
          op('Window', `row_number() PARTITION BY ${fact.dim}`, 3, filtered, [
            op('Sort', `${fact.dim}, ${fact.measure} DESC`, 6, filtered),
          ]),
        ]),
      },
      {
        name: 'Stage 2 · result',
        weight: 1,
        root: op('ResultSink', null, 1, kept, [op('Exchange', 'gather', 1, kept)]),
      },
    ],
    failure: {
      stage: 1,
      message: 'Spill space exhausted while sorting in stage 1 (Sort). Narrow the time range.',
    },
  };
}
