import { resolve } from 'node:path';
import { loadConfig, readDotEnv } from '../config';
import { keepNewFilesPrivate, printStartupError } from '../startup';
import { BackupError, backup, restore } from './backup';

/**
 * `npm run backup [carpeta]`: one archive of the embedded shop, running or not, into the folder given,
 * BACKUP_DIR or ./backups. `npm run restore <archivo>`: that archive into an empty DATA_DIR. Archives and
 * restored shops are for this user only (files 0600, folders 0700).
 */
async function main() {
  keepNewFilesPrivate();
  readDotEnv();
  const config = loadConfig();
  const [command, argument] = process.argv.slice(2);
  if (config.databaseUrl)
    throw new BackupError(
      'DATABASE_URL está definida: la base de datos es un servidor PostgreSQL. Usa pg_dump o las copias de tu ' +
        'proveedor (y el versionado del bucket para las imágenes); npm run backup y restore son para la base embebida.',
    );
  if (command === 'backup') {
    // An empty BACKUP_DIR (as .env.example leaves it) means the default, not the current folder.
    const outDir = resolve(argument || process.env.BACKUP_DIR || 'backups');
    const result = await backup(config.dataDir, outDir);
    console.log(
      `Copia escrita en ${result.archive} (${result.from === 'shop' ? 'con la tienda en marcha' : 'con la tienda detenida'}, ${(result.ms / 1000).toFixed(1)} s).`,
    );
  } else if (command === 'restore') {
    if (!argument)
      throw new BackupError('Indica la copia a restaurar: npm run restore backups/vitrina-….tar.gz');
    await restore(resolve(argument), config.dataDir);
    console.log(`Copia ${argument} restaurada en ${config.dataDir}. Arranca la tienda con npm start.`);
  } else {
    throw new BackupError('Uso: npm run backup [-- carpeta] | npm run restore <archivo>');
  }
}

await main().then(
  () => process.exit(0),
  (err) => {
    if (err instanceof BackupError) console.error(err.message);
    else printStartupError(err);
    process.exit(1);
  },
);
