// Preloaded (`node --import`) into an instance that a spec needs to know the modules of: every module
// the process loads, one URL a line, appended to the file named by E2E_MODULE_LOG as it is loaded (a
// process killed at the end of its test has already written what it loaded).
import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';

const file = process.env.E2E_MODULE_LOG;

if (file) {
  registerHooks({
    load(url, context, nextLoad) {
      appendFileSync(file, `${url}\n`);
      return nextLoad(url, context);
    },
  });
}
