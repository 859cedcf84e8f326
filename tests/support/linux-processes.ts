import { readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';

/** The ids of the processes `pid` started whose command line names `command` (Linux /proc). */
export function childPids(pid: number, command: string): number[] {
  return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .split(' ')
    .filter(Boolean)
    .map(Number)
    .filter((child) => {
      try {
        return readFileSync(`/proc/${child}/cmdline`, 'utf8').includes(command);
      } catch {
        return false; // gone meanwhile
      }
    });
}

const statusMb = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/** What `pid` holds in memory now, and its peak since it started or since resetPeakMemory (VmRSS, VmHWM), in MB. */
export const memoryMb = (pid: number) => ({ resident: statusMb(pid, 'VmRSS'), peak: statusMb(pid, 'VmHWM') });

/** Starts the peak afresh from what `pid` holds now (Linux: "5" written to its clear_refs). */
export const resetPeakMemory = (pid: number) => writeFileSync(`/proc/${pid}/clear_refs`, '5');

export const isAlive = (pid: number): boolean => {
  try {
    readFileSync(`/proc/${pid}/stat`);
    return true;
  } catch {
    return false;
  }
};

/** The socket inode of the server's end of the TCP connection from `clientPort` to `serverPort`, if it is open. */
function serverSideInode(serverPort: number, clientPort: number): string | undefined {
  const portOf = (address: string) => parseInt(address.split(':').at(-1)!, 16);
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length > 9 && portOf(fields[1]!) === serverPort && portOf(fields[2]!) === clientPort) return fields[9];
    }
  }
  return undefined;
}

/**
 * Which of `pids` holds the server's end of the connection a client made from
 * `clientPort`: the process that served it. Read while the connection is open.
 */
export function connectionOwner(pids: number[], serverPort: number, clientPort: number): number | undefined {
  const inode = serverSideInode(serverPort, clientPort);
  if (!inode) return undefined;
  return pids.find((pid) => descriptorsOf(pid).includes(`socket:[${inode}]`));
}

/** What the open file descriptors of `pid` point at; one closed meanwhile is left out. */
function descriptorsOf(pid: number): string[] {
  const readLink = (path: string) => {
    try {
      return readlinkSync(path);
    } catch {
      return '';
    }
  };
  try {
    return readdirSync(`/proc/${pid}/fd`).map((fd) => readLink(`/proc/${pid}/fd/${fd}`));
  } catch {
    return [];
  }
}
