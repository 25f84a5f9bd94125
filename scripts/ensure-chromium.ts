// Finds a Chromium for the end-to-end tests (Playwright cannot download its own browsers here):
// CHROMIUM_PATH, then the Debian package, then Playwright's bundled build; as root on Debian/Ubuntu it
// installs the package. Run directly (`node scripts/ensure-chromium.ts`) it prints the path it found.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';
const NOT_FOUND = 'Chromium not found: install it (sudo apt-get install chromium) or set CHROMIUM_PATH';

function bundledChromium(): string | undefined {
  try {
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

function installWithApt(): boolean {
  const result = spawnSync('sh', ['-c', 'apt-get update && apt-get install -y chromium'], {
    stdio: 'inherit',
  });
  return result.status === 0 && existsSync(SYSTEM_CHROMIUM);
}

/** The path of a usable Chromium binary; exits the process with one line when there is none. */
export function resolveChromium(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  if (existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  const bundled = bundledChromium();
  if (bundled) return bundled;
  if (process.getuid?.() === 0 && existsSync('/etc/debian_version') && installWithApt()) {
    return SYSTEM_CHROMIUM;
  }
  console.error(NOT_FOUND);
  process.exit(1);
}

const invokedDirectly =
  process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) console.info(resolveChromium());
