import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EXTENSION_PACKAGES, type ExtensionBrowser } from '../../shared/extension';
import { AppError } from '../lib/errors';

/**
 * One browser's extension package as the build wrote it into `dir`; a 404 a person can read when the
 * server has none (the extension is built by npm start, so a server started otherwise may lack it).
 */
export async function extensionPackage(dir: string, browser: ExtensionBrowser): Promise<Buffer> {
  const { file, browser: name } = EXTENSION_PACKAGES[browser];
  try {
    return await readFile(join(dir, file));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR') {
      throw new AppError(404, 'NotFoundError', `The ${name} extension package is not on this server yet. Ask its administrator to start it with the extension built.`);
    }
    throw err;
  }
}
