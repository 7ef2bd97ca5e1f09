import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * What in `dir` (itself included) other users of the machine could reach: every folder should be 0700
 * and every file 0600. Each as its path and octal mode, so a failure says which.
 */
export async function notPrivate(dir: string): Promise<string[]> {
  const found: string[] = [];
  const visit = async (path: string) => {
    // A running shop writes a file aside and renames it into place: the aside name may be gone already.
    const stats = await lstat(path).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return undefined;
      throw err;
    });
    if (!stats) return;
    const mode = stats.mode & 0o777;
    if (mode !== (stats.isDirectory() ? 0o700 : 0o600)) found.push(`${path} ${mode.toString(8)}`);
    if (stats.isDirectory()) for (const name of await readdir(path)) await visit(join(path, name));
  };
  await visit(dir);
  return found;
}
