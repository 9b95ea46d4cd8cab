// D68's lock judged directly: which leftover lock files are stale, and that release touches only ours.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { DataDirInUseError, LOCK_FILE_NAME, lockDataDir } from '../../src/storage/data-dir-lock.ts';

let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'folio-lockfile-'));
});
after(() => rm(dir, { recursive: true, force: true }));

function leaveLock(name: string, content: string): string {
  const directory = join(dir, name);
  const first = lockDataDir(directory); // creates the directory
  first.release();
  writeFileSync(join(directory, LOCK_FILE_NAME), content);
  return directory;
}

function pidOfExitedProcess(): number {
  const child = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(child.stdout.trim());
}

const lockOf = (directory: string) => JSON.parse(readFileSync(join(directory, LOCK_FILE_NAME), 'utf8'));

describe('data directory lock (D68)', () => {
  test('a second lock in the same process is refused, naming this PID; release frees it', () => {
    const directory = join(dir, 'same-process');
    const held = lockDataDir(directory);
    assert.throws(
      () => lockDataDir(directory),
      (error) => error instanceof DataDirInUseError && error.holderPid === process.pid,
    );
    held.release();
    assert.equal(existsSync(join(directory, LOCK_FILE_NAME)), false);
    lockDataDir(directory).release();
  });

  test('a lock whose PID no longer runs is taken over', () => {
    const pid = pidOfExitedProcess();
    const directory = leaveLock('dead', JSON.stringify({ pid, started_at: 'then', token: 'old' }));
    const lock = lockDataDir(directory);
    assert.equal(lockOf(directory).pid, process.pid);
    lock.release();
  });

  test('a lock whose PID runs but was started after the lock (a reused PID) is taken over', {
    skip: !existsSync('/proc/self/stat') && 'Linux only',
  }, () => {
    const directory = leaveLock(
      'reused',
      JSON.stringify({ pid: process.ppid, started_at: 'then', process_start: '1', token: 'old' }),
    );
    lockDataDir(directory).release();
  });

  test('a lock from an earlier boot is taken over', () => {
    const directory = leaveLock(
      'rebooted',
      JSON.stringify({ pid: process.ppid, started_at: 'then', boot_id: 'another-boot', token: 'old' }),
    );
    const lock = lockDataDir(directory);
    assert.equal(lockOf(directory).pid, process.pid);
    lock.release();
  });

  test('a lock of a running process (the parent, unchanged) is refused with its PID', () => {
    const directory = leaveLock(
      'alive',
      JSON.stringify({ pid: process.ppid, started_at: 'then', token: 'old' }),
    );
    assert.throws(
      () => lockDataDir(directory),
      (error) =>
        error instanceof DataDirInUseError &&
        error.holderPid === process.ppid &&
        error.message.includes(directory),
    );
    assert.equal(lockOf(directory).token, 'old', 'the holder keeps its lock');
  });

  test('an unreadable lock file is taken over; release leaves a lock that is not ours alone', () => {
    const directory = leaveLock('garbage', 'not json');
    const lock = lockDataDir(directory);
    writeFileSync(join(directory, LOCK_FILE_NAME), JSON.stringify({ pid: 1, token: 'someone-else' }));
    lock.release();
    assert.equal(lockOf(directory).token, 'someone-else');
  });
});
