import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times: 100 on Linux (getconf CLK_TCK). */
const TICKS_PER_SECOND = 100;

/** CPU time a process used so far, user and system, in ms (fields 14 and 15 of /proc/<pid>/stat). */
export function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** CPU time of every PostgreSQL server process on this machine so far, in ms (its backends included). */
export function postgresCpuMs() {
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') total += cpuMs(pid);
    } catch {
      // Gone while the folder was read: a backend that exited.
    }
  }
  return total;
}

/** CPU time the whole machine spent busy so far, every core, in ms (the first line of /proc/stat). */
export function machineCpuMs() {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  // user nice system idle iowait irq softirq steal: all but idle and iowait is work.
  const busy = ticks.slice(0, 8).reduce((sum, t, i) => (i === 3 || i === 4 ? sum : sum + t), 0);
  return (busy * 1000) / TICKS_PER_SECOND;
}

/**
 * Resolves once the process spends under a tenth of a core for half a second (a minute at most): a shop
 * just started sizes its photos in the background first, work a load run should not be charged with.
 */
export async function untilIdle(pid) {
  const deadline = performance.now() + 60_000;
  let before = cpuMs(pid);
  while (performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = cpuMs(pid);
    if (now - before < 50) return;
    before = now;
  }
}
