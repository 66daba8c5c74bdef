/**
 * The benchmark's memory of a process tree (bench/process-tree.ts): a child
 * forked but still running its parent's program shares its parent's pages
 * and is not counted again; a child running a program of its own is.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import fs from 'node:fs';
import {afterEach, expect, it} from 'vitest';
import {treeRssBytes} from '../../bench/process-tree';

// 200 MB written, so resident; then a child that runs `sleep`, and a fork that runs nothing else.
const PARENT = `
import os, subprocess, sys, time
block = bytearray(200 * 1000 * 1000)
for i in range(0, len(block), 4096): block[i] = 1
subprocess.Popen(['sleep', '60'])
if os.fork() == 0:
    time.sleep(60)
    os._exit(0)
print('ready', flush=True)
time.sleep(60)
`;

let parent: ChildProcess | undefined;
afterEach(() => {
  // The fork and `sleep` go with their process group.
  if (parent?.pid) process.kill(-parent.pid, 'SIGKILL');
});

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

it('counts a forked child that runs no program of its own once, with its parent', async () => {
  parent = spawn('python3', ['-c', PARENT], {stdio: ['ignore', 'pipe', 'inherit'], detached: true});
  await new Promise<void>((resolve) => parent!.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve()));
  const own = rssOf(parent.pid!);
  expect(own).toBeGreaterThan(200e6);
  const tree = treeRssBytes(parent.pid!);
  // The parent, and `sleep` (a few MB); not the fork's 200 MB again.
  expect(tree).toBeGreaterThan(own);
  expect(tree).toBeLessThan(own + 50e6);
});
