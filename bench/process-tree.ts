/** Resident memory of a process and all its descendants, read from /proc (Linux). */
import fs from 'node:fs';

function childrenOf(pid: number): number[] {
  const children: number[] = [];
  let tasks: string[] = [];
  try {
    tasks = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return children;
  }
  for (const task of tasks) {
    try {
      const list = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (list) children.push(...list.split(/\s+/).map(Number));
    } catch {
      // The task ended while we looked.
    }
  }
  return children;
}

function rssBytes(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /VmRSS:\s+(\d+) kB/.exec(status);
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** What a process runs: its executable and arguments; undefined once it has ended. */
function programOf(pid: number): string | undefined {
  try {
    return `${fs.readlinkSync(`/proc/${pid}/exe`)}\0${fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8')}`;
  } catch {
    return undefined;
  }
}

/**
 * A forked child not yet running its own program shares its parent's pages, and
 * counting it would count the parent twice (each build step is forked, then runs
 * Node anew).
 */
export function treeRssBytes(rootPid: number): number {
  let total = 0;
  const pending: {pid: number; parentProgram?: string}[] = [{pid: rootPid}];
  while (pending.length > 0) {
    const {pid, parentProgram} = pending.pop()!;
    const program = programOf(pid);
    if (parentProgram === undefined || program !== parentProgram) total += rssBytes(pid);
    pending.push(...childrenOf(pid).map((child) => ({pid: child, parentProgram: program})));
  }
  return total;
}
