/**
 * The operators' CLI (DESIGN.md 3.4): `npm run ops -- <command> [args]` on the database `npm start`
 * uses (DATA_DIR, default ./data/shop.sqlite). It is safe while the server runs: the database is in
 * WAL mode and every decision is one immediate transaction (busy_timeout waits for the server's
 * write lock). The work is done by functions taking a Database (order.ts and wallet.ts beside this
 * file), which tests and e2e call directly; this file only parses arguments and prints.
 *
 * Commands live in COMMANDS, and those that encode pictures (sharp works asynchronously) in
 * IMAGE_COMMANDS; `list` prints every section of PENDING_SECTIONS (recharges, withdrawals, paid
 * orders waiting for shipment, refund requests).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { openDatabase, type Db } from '../../platform/db';
import { formatCents } from '../../shared/money';
import {
  passRefund,
  pendingRefunds,
  pendingShipments,
  refuseRefund,
  shipOrder,
  STATUS_NAMES,
  type OrderDecision,
} from './order';
import {
  OpsError,
  passExtract,
  passRecharge,
  pendingExtracts,
  pendingRecharges,
  refuseExtract,
  refuseRecharge,
  type Decision,
} from './wallet';
import { EncodeGate } from '../../platform/images';
import { UploadRewriter } from '../../shared/upload-rewrite';
import { defaultUploadsDir, removeOrphanUploads } from '../../shared/uploads';

export { OpsError };

export interface Command {
  name: string;
  /** Argument synopsis for help, e.g. 'ID REASON'. */
  args: string;
  summary: string;
  /** Needs the database (help does not). */
  usesDb: boolean;
  /** Returns the text to print; throws OpsError to refuse (exit code 1). */
  run(db: Db | null, args: string[]): string;
}

/** A command that encodes pictures: awaited, always on the database. */
export interface ImageCommand {
  name: string;
  args: string;
  summary: string;
  run(db: Db, args: string[]): Promise<string>;
}

export interface PendingSection {
  title: string;
  headers: string[];
  rows(db: Db): (string | number)[][];
  json(db: Db): unknown;
}

const when = (seconds: number) =>
  new Date(seconds * 1000)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' UTC');

export const PENDING_SECTIONS: PendingSection[] = [
  {
    title: 'Pending recharges',
    headers: ['id', 'user', 'amount', 'network', 'evidence', 'created'],
    rows: (db) =>
      pendingRecharges(db).map((r) => [
        r.id,
        `${r.username} (#${r.userId})`,
        formatCents(r.amountCents),
        r.network || '(manual)',
        r.image,
        when(r.createdAt),
      ]),
    json: (db) => pendingRecharges(db),
  },
  {
    title: 'Pending withdrawals',
    headers: ['id', 'user', 'amount', 'fee', 'pays out', 'to', 'created'],
    rows: (db) =>
      pendingExtracts(db).map((e) => [
        e.id,
        `${e.username} (#${e.userId})`,
        formatCents(e.amountCents),
        formatCents(e.feeCents),
        formatCents(e.realCents),
        e.destination,
        when(e.createdAt),
      ]),
    json: (db) => pendingExtracts(db),
  },
  {
    title: 'Pending shipments',
    headers: ['order', 'order_sn', 'user', 'shop', 'items', 'total', 'paid'],
    rows: (db) =>
      pendingShipments(db).map((o) => [
        o.orderId,
        o.orderSn,
        `${o.username} (#${o.userId})`,
        `${o.shopName} (#${o.shopId})`,
        o.totalNum,
        formatCents(o.totalCents) + (o.refundStatus === 2 ? ' (partly refunded)' : ''),
        when(o.paidAt),
      ]),
    json: (db) => pendingShipments(db),
  },
  {
    title: 'Pending refunds',
    headers: ['order', 'order_sn', 'user', 'amount', 'paid', 'order status', 'type', 'reason', 'created'],
    rows: (db) =>
      pendingRefunds(db).map((r) => [
        r.orderId,
        r.orderSn,
        `${r.username} (#${r.userId})`,
        formatCents(r.amountCents),
        formatCents(r.paidCents),
        STATUS_NAMES[r.orderStatus] ?? String(r.orderStatus),
        r.serviceType === 1 ? 'return and refund' : 'refund only',
        `${r.reasonType}: ${r.explain}`.slice(0, 60),
        when(r.createdAt),
      ]),
    json: (db) => pendingRefunds(db),
  },
];

function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  return cells
    .map(
      (r) =>
        '  ' +
        r
          .map((c, i) => c.padEnd(widths[i] ?? 0))
          .join('  ')
          .trimEnd(),
    )
    .join('\n');
}

function parseId(kind: string, raw: string | undefined): number {
  if (raw === undefined) throw new OpsError(`missing ${kind} id`);
  if (!/^\d+$/.test(raw)) throw new OpsError(`${kind} id must be a positive integer, got '${raw}'`);
  return Number(raw);
}

const need = (db: Db | null): Db => {
  if (!db) throw new Error('command needs the database');
  return db;
};

function describe(d: Decision): string {
  const what = d.kind === 'recharge' ? 'recharge' : 'extract';
  const verb = d.status === 1 ? 'passed' : 'refused';
  const money =
    d.kind === 'recharge'
      ? d.status === 1
        ? `credited ${formatCents(d.amountCents)}`
        : 'no money moved'
      : d.status === 1
        ? `${formatCents(d.amountCents)} stays debited (paid out)`
        : `returned ${formatCents(d.amountCents)}`;
  return `${what} ${d.id} ${verb}: ${money}; user #${d.userId} balance ${formatCents(d.balanceCents)}`;
}

function describeOrder(d: OrderDecision): string {
  const status = `status ${STATUS_NAMES[d.status] ?? d.status}, refund_status ${d.refundStatus}`;
  if (d.kind === 'ship') return `order ${d.orderId} shipped (tracking ${d.detail}): ${status}`;
  const money = d.detail === 'passed' ? `credited ${formatCents(d.amountCents)}` : 'no money moved';
  return `refund of order ${d.orderId} ${d.detail}: ${money}; ${status}; user #${d.userId} balance ${formatCents(d.balanceCents)}`;
}

export const COMMANDS: Command[] = [
  {
    name: 'help',
    args: '',
    summary: 'this list',
    usesDb: false,
    run: () => helpText(),
  },
  {
    name: 'list',
    args: '[--json]',
    summary: 'pending records (recharges, withdrawals, shipments, refunds) with their ids',
    usesDb: true,
    run: (db, args) => {
      const d = need(db);
      if (args.includes('--json')) {
        return JSON.stringify(Object.fromEntries(PENDING_SECTIONS.map((s) => [s.title, s.json(d)])), null, 2);
      }
      return PENDING_SECTIONS.map((s) => {
        const rows = s.rows(d);
        return rows.length ? `${s.title} (${rows.length}):\n${table(s.headers, rows)}` : `${s.title}: none`;
      }).join('\n\n');
    },
  },
  {
    name: 'recharge:pass',
    args: 'ID',
    summary: 'pass a recharge: credits the balance (ledger entry "Top up")',
    usesDb: true,
    run: (db, [id]) => describe(passRecharge(need(db), parseId('recharge', id))),
  },
  {
    name: 'recharge:refuse',
    args: 'ID REASON',
    summary: 'refuse a recharge; REASON is shown to the shopper',
    usesDb: true,
    run: (db, [id, ...reason]) => describe(refuseRecharge(need(db), parseId('recharge', id), reason.join(' '))),
  },
  {
    name: 'extract:pass',
    args: 'ID',
    summary: 'pass a withdrawal (the amount was held at request time)',
    usesDb: true,
    run: (db, [id]) => describe(passExtract(need(db), parseId('extract', id))),
  },
  {
    name: 'extract:refuse',
    args: 'ID REASON',
    summary: 'refuse a withdrawal: returns the held amount; REASON is shown to the shopper',
    usesDb: true,
    run: (db, [id, ...reason]) => describe(refuseExtract(need(db), parseId('extract', id), reason.join(' '))),
  },
  {
    name: 'order:ship',
    args: 'ORDER_ID [TRACKING_NO]',
    summary: 'ship a paid order (status 1 -> 2) with logistics entries; the tracking number is made up if omitted',
    usesDb: true,
    run: (db, [id, tracking]) => describeOrder(shipOrder(need(db), parseId('order', id), tracking)),
  },
  {
    name: 'refund:pass',
    args: 'ORDER_ID',
    summary: 'pass the refund request of an order: credits the amount ("Refund" bill); a full refund closes the order',
    usesDb: true,
    run: (db, [id]) => describeOrder(passRefund(need(db), parseId('order', id))),
  },
  {
    name: 'refund:refuse',
    args: 'ORDER_ID REASON',
    summary: 'refuse the refund request of an order; REASON is shown to the shopper, who may apply again',
    usesDb: true,
    run: (db, [id, ...reason]) => describeOrder(refuseRefund(need(db), parseId('order', id), reason.join(' '))),
  },
  {
    name: 'uploads:clean',
    args: '',
    summary: 'remove uploaded images no record uses, a day after their upload (the server also does it hourly)',
    usesDb: true,
    run: (db) => {
      const { removed } = removeOrphanUploads(need(db), defaultUploadsDir(databaseFile()));
      return removed.length
        ? `removed ${removed.length} unused upload(s):\n${removed.map((n) => `  ${n}`).join('\n')}`
        : 'no unused uploads older than a day';
    },
  },
];

export const IMAGE_COMMANDS: ImageCommand[] = [
  {
    name: 'uploads:reencode',
    args: '',
    summary:
      'rewrite uploads stored before re-encoding (metadata such as GPS dropped, upright, at most 2048 px; the server also does it at start)',
    run: async (db) => {
      const uploadsDir = defaultUploadsDir(databaseFile());
      // One at a time: the server beside it keeps the processor for its shoppers.
      const rewriter = new UploadRewriter(db, uploadsDir, { gate: new EncodeGate(1, 1_000_000) }, (line) =>
        console.error(line),
      );
      const { rewritten, unreadable, deferred } = await rewriter.rewritePending();
      if (rewritten.length + unreadable.length + deferred.length === 0) return 'no uploads left to rewrite';
      return [
        `rewrote ${rewritten.length} upload(s)`,
        ...(unreadable.length
          ? [`${unreadable.length} could not be decoded and were removed:`, ...unreadable.map((n) => `  ${n}`)]
          : []),
        ...(deferred.length ? [`${deferred.length} left for a later run:`, ...deferred.map((n) => `  ${n}`)] : []),
      ].join('\n');
    },
  },
];

export function helpText(): string {
  const all = [...COMMANDS, ...IMAGE_COMMANDS];
  const width = Math.max(...all.map((c) => `${c.name} ${c.args}`.trim().length));
  return [
    'Usage: npm run ops -- <command> [args]',
    '',
    'Acts on the database of `npm start` (DATA_DIR, default ./data; file shop.sqlite), also while it runs.',
    '',
    'Commands:',
    ...all.map((c) => `  ${`${c.name} ${c.args}`.trim().padEnd(width)}  ${c.summary}`),
  ].join('\n');
}

export function databaseFile(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(path.resolve(env.DATA_DIR ?? './data'), 'shop.sqlite');
}

/** Runs one command line; returns the exit code. */
export async function main(argv: string[], out = console.log, err = console.error): Promise<number> {
  const [name, ...args] = argv;
  const command = COMMANDS.find((c) => c.name === (name ?? 'help'));
  const imageCommand = IMAGE_COMMANDS.find((c) => c.name === name);
  if (!command && !imageCommand) {
    err(`Unknown command '${name}'. Run 'npm run ops -- help' for the list.`);
    return 1;
  }
  let db: Db | null = null;
  try {
    if (imageCommand || command?.usesDb) {
      const file = databaseFile();
      if (!existsSync(file)) {
        err(`No database at ${file}. Start the server once (npm start) to create it, or set DATA_DIR.`);
        return 1;
      }
      db = openDatabase(file);
    }
    if (imageCommand) out(await imageCommand.run(need(db), args));
    else if (command) out(command.run(db, args));
    return 0;
  } catch (e) {
    if (e instanceof OpsError) {
      err(`Error: ${e.message}`);
      return 1;
    }
    throw e;
  } finally {
    db?.close();
  }
}

if (require.main === module) {
  void main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
