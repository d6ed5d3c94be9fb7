// CPU time of this machine's processes, read from Linux's /proc: for the browser
// suite's per-test report (tests/e2e/fixtures.ts) and the net bench.
import fs from 'node:fs';

/**
 * @typedef {{ pid: string, ppid: string, name: string, cpuS: number, reapedS: number }} ProcessCpu
 * `cpuS`: user + system seconds of the process itself; `reapedS`: those of its
 * children that have ended and been waited for.
 */

/** Every live process; empty where there is no /proc. @returns {ProcessCpu[]} */
export function processCpu() {
  let pids;
  try {
    pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  /** @type {ProcessCpu[]} */
  const found = [];
  for (const pid of pids) {
    let stat;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone since the listing
    }
    // "pid (name) state ppid …": after the name, utime and stime are the 12th and 13th
    // fields, cutime and cstime the next two, in ticks of 1/100 s.
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = (/** @type {number} */ i) => Number(fields[i] ?? 0) / 100;
    found.push({
      pid,
      ppid: fields[1] ?? '',
      name,
      cpuS: ticks(11) + ticks(12),
      reapedS: ticks(13) + ticks(14),
    });
  }
  return found;
}

/** CPU seconds of process `root` and all its descendants, ended children included. @param {number} root */
export function treeCpuS(root) {
  const all = processCpu();
  /** @type {Map<string, ProcessCpu[]>} */
  const children = new Map();
  for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  /** @param {ProcessCpu} p @returns {number} */
  const sum = (p) =>
    p.cpuS + p.reapedS + (children.get(p.pid) ?? []).reduce((s, c) => s + sum(c), 0);
  const top = all.find((p) => p.pid === String(root));
  return top ? sum(top) : 0;
}
