// The id of a server function in production builds: the SHA-256 of its project-relative file and export
// name. vite.config.ts hands it to Start, and the permission-matrix e2e test computes the same ids to
// call every server function over HTTP, so the test needs no build artefact to find them.
import { createHash } from 'node:crypto';
import { isAbsolute, relative } from 'node:path';

/** Start names the extracted handler `<export>_createServerFn_handler`; the id uses the export's name. */
const HANDLER_SUFFIX = /_createServerFn_handler$/;

export function serverFnId(filename: string, functionName: string, root = process.cwd()): string {
  const file = (isAbsolute(filename) ? relative(root, filename) : filename).split('\\').join('/');
  const name = functionName.replace(HANDLER_SUFFIX, '');
  return createHash('sha256').update(`${file}--${name}`).digest('hex');
}
