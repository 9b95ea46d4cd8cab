// D68: one process holds an embedded (PGlite) data directory. PGlite is a single-user PostgreSQL
// with no postmaster to refuse a second opener: two processes on one directory each keep their own
// view and overwrite each other's files, so acknowledged writes are lost. A lock file inside the
// directory names the holder; a second opener refuses, unless the holder is gone (SIGKILL, a crash,
// a reboot), in which case it takes the lock over.
import { randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

export const LOCK_FILE_NAME = 'folio.lock';

/** What the lock file holds: enough to tell a live holder from a dead one, and to show a person. */
interface LockContent {
  pid: number;
  /** ISO time the holder took the lock, for the person reading the refusal. */
  started_at: string;
  hostname: string;
  /** Linux only: the boot and the holder's start tick, so a reused PID is not mistaken for the holder. */
  boot_id: string | null;
  process_start: string | null;
  /** Unique per acquisition: release and takeover compare it, never the PID alone. */
  token: string;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
    readonly holderStartedAt: string,
  ) {
    super(
      `The data directory ${dataDir} is in use by another Folio process (PID ${holderPid}, since ` +
        `${holderStartedAt}). Stop that process first, or set FOLIO_DATA_DIR to another directory.`,
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLock {
  readonly path: string;
  /** Removes the lock file if it is still ours. Synchronous, so it also runs in an 'exit' handler. */
  release(): void;
}

/** Takes the directory's lock (creating the directory), or throws DataDirInUseError naming the holder. */
export function lockDataDir(dataDir: string): DataDirLock {
  const directory = resolve(dataDir);
  mkdirSync(directory, { recursive: true });
  const lockPath = join(directory, LOCK_FILE_NAME);
  // This process already holds it: the file names our own PID, which the check below would take
  // for a dead holder's (a container restarted as PID 1), so the process remembers what it holds.
  const held = heldHere.get(directory);
  if (held) throw new DataDirInUseError(directory, process.pid, held);
  const mine: LockContent = {
    pid: process.pid,
    started_at: new Date().toISOString(),
    hostname: hostname(),
    boot_id: bootId(),
    process_start: processStart(process.pid),
    token: randomUUID(),
  };
  const text = `${JSON.stringify(mine)}\n`;
  // Written whole under a private name, then linked into place: link() fails with EEXIST atomically,
  // and a reader never sees a half-written lock (open(path, 'wx') then write would allow that).
  const draft = join(directory, `${LOCK_FILE_NAME}.${process.pid}.${mine.token}`);
  writeFileSync(draft, text, { mode: 0o644 });
  try {
    // Two rounds: the first may find a stale lock and remove it; the second then links ours.
    for (let round = 0; round < 3; round++) {
      if (tryLink(draft, lockPath)) return holding(lockPath, mine.token, directory, mine.started_at);
      const holder = readLock(lockPath);
      if (holder === 'missing') continue; // released between our link and our read
      if (holder !== 'unreadable' && isAlive(holder)) {
        throw new DataDirInUseError(directory, holder.pid, holder.started_at);
      }
      removeStale(lockPath, holder);
    }
    const holder = readLock(lockPath);
    if (typeof holder === 'object') throw new DataDirInUseError(directory, holder.pid, holder.started_at);
    throw new Error(`could not take the lock ${lockPath}: it keeps changing`);
  } finally {
    unlinkQuietly(draft);
  }
}

/** Directories this process holds, and since when. */
const heldHere = new Map<string, string>();

function holding(lockPath: string, token: string, directory: string, startedAt: string): DataDirLock {
  heldHere.set(directory, startedAt);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    heldHere.delete(directory);
    process.off('exit', release);
    const current = readLock(lockPath);
    if (typeof current === 'object' && current.token === token) unlinkQuietly(lockPath);
  };
  // A process that exits without closing the database (process.exit on a failed drain, an uncaught
  // error) still releases; SIGKILL cannot, and the next opener finds the holder dead.
  process.on('exit', release);
  return { path: join(directory, LOCK_FILE_NAME), release };
}

function tryLink(draft: string, lockPath: string): boolean {
  try {
    linkSync(draft, lockPath);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

function readLock(lockPath: string): LockContent | 'missing' | 'unreadable' {
  let text: string;
  try {
    text = readFileSync(lockPath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockContent>;
    if (!Number.isInteger(parsed.pid) || typeof parsed.token !== 'string') return 'unreadable';
    return parsed as LockContent;
  } catch {
    return 'unreadable'; // not ours, or truncated by a full disk: no holder can be named, so stale
  }
}

/** Whether the process that wrote `holder` still runs (on this machine). */
function isAlive(holder: LockContent): boolean {
  // The host name is not consulted: a container recreated over the same volume (after an OOM kill,
  // say) has a new one, and trusting it would block that restart forever. The lock protects one
  // machine's processes; a directory shared between machines is outside what PGlite is for.
  // Restarted in a container, we may be given the PID the dead holder had (often 1).
  if (holder.pid === process.pid) return false;
  const currentBoot = bootId();
  if (holder.boot_id && currentBoot && holder.boot_id !== currentBoot) return false; // rebooted since
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // ESRCH: no such process. EPERM: it exists but belongs to another user: alive.
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  // The PID is taken; by the holder, or by a later process that reused the number?
  const start = processStart(holder.pid);
  if (holder.process_start && start && start !== holder.process_start) return false;
  return true;
}

/**
 * Removes a stale lock without removing a fresh one another starter put there meanwhile: move it
 * aside under a private name (rename is atomic, so only one starter gets each file), then check it is
 * the stale one we judged. If it is a fresh lock instead, put it back.
 */
function removeStale(lockPath: string, stale: LockContent | 'unreadable') {
  const aside = `${lockPath}.stale.${process.pid}.${randomUUID()}`;
  try {
    renameSync(lockPath, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // someone else moved it
    throw error;
  }
  const moved = readLock(aside);
  const same =
    stale === 'unreadable'
      ? moved === 'unreadable'
      : typeof moved === 'object' && moved.token === stale.token;
  if (!same) tryLink(aside, lockPath); // a live lock taken after our read: restore it
  unlinkQuietly(aside);
}

function unlinkQuietly(path: string) {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}

function bootId(): string | null {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return null;
  }
}

/** Field 22 of /proc/<pid>/stat: the start time in clock ticks after boot (Linux). */
function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}
