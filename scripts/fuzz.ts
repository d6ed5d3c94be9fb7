// `npm run fuzz -- --schedules N`: the hostile-schedule fuzzer's long run
// (tests/session/fuzz/schedule.ts). Seeds run one after another from --start
// (default 1), each with the role its seed picks (or --role), until N schedules
// or --minutes have passed; `--seed S` replays one schedule. Prints one JSON
// summary on stdout: schedules per second, findings by invariant, and the seed
// and role of every failing schedule (replay it with --seed S --role R).
import { accelerate } from '../src/lib/protocol';
import {
  ACTIONS,
  type Action,
  type Finding,
  type Role,
  ROLES,
  runSchedule,
} from '../tests/session/fuzz/schedule';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? undefined : process.argv[i + 1];
}

const stdoutWrite = process.stdout.write.bind(process.stdout);
// Keep stdout for the JSON: the sessions' and anyone's console output goes to stderr.
console.log = console.error;
console.info = console.error;
process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;

const one = arg('seed');
const first = Number(one ?? arg('start') ?? 1);
const schedules = one === undefined ? Number(arg('schedules') ?? 100) : 1;
const minutes = Number(arg('minutes') ?? Infinity);
const steps = arg('steps') === undefined ? undefined : Number(arg('steps'));
const role = arg('role') as Role | undefined;
const without = (arg('without') ?? '').split(',').filter(Boolean);
if (role !== undefined && !ROLES.includes(role)) {
  console.error(`--role is one of ${ROLES.join(', ')}`);
  process.exit(2);
}
const actions = ACTIONS.filter((a: Action) => !without.includes(a));

accelerate();
const started = Date.now();
const failing: { seed: number; role: Role; findings: readonly Finding[] }[] = [];
const byInvariant: Record<string, number> = {};
let ran = 0;
let entries = 0;
let changes = 0;
let rematches = 0;
for (let seed = first; seed < first + schedules; seed++) {
  if ((Date.now() - started) / 60_000 > minutes) break;
  const r = await runSchedule({
    seed,
    actions,
    ...(role ? { role } : {}),
    ...(steps ? { steps } : {}),
  });
  ran++;
  entries += r.seq;
  changes += r.changes;
  rematches += r.rematches;
  if (r.findings.length > 0) {
    failing.push({ seed, role: r.role, findings: r.findings });
    for (const f of new Set(r.findings.map((x) => x.invariant)))
      byInvariant[f] = (byInvariant[f] ?? 0) + 1;
  }
  console.error(
    `seed ${seed} ${r.role}: ${r.findings.length} findings, ${r.seq} entries, ${r.ms} ms`,
  );
}
const seconds = (Date.now() - started) / 1000;
stdoutWrite(
  `${JSON.stringify(
    {
      schedules: ran,
      seconds: +seconds.toFixed(1),
      schedulesPerSecond: +(ran / seconds).toFixed(3),
      entriesApplied: entries,
      changesOfSeats: changes,
      rematches,
      ...(without.length > 0 ? { without } : {}),
      failingSchedules: failing.length,
      byInvariant,
      failing: failing.map((f) => ({
        seed: f.seed,
        role: f.role,
        replay: `npm run fuzz -- --seed ${f.seed} --role ${f.role}`,
        findings: f.findings,
      })),
    },
    null,
    2,
  )}\n`,
);
process.exitCode = failing.length > 0 ? 1 : 0;
