/** A command that writes sample data or drops data, named for the refusal message. */
export type SampleDataCommand = { command: string; effect: string };

/**
 * Why `command` must not run, or null when it may. A production database is one the command reaches with
 * `NODE_ENV=production` in its environment (the process's or `.env`, as the production server reads it):
 * there sample data (an admin account among it) or a reset would land among real accounts, so it takes an
 * explicit `--force`. Checked before the database is opened, so a refusal changes nothing.
 */
export function productionRefusal(
  { command, effect }: SampleDataCommand,
  argv: readonly string[],
  env: { NODE_ENV?: string | undefined },
): string | null {
  if (env.NODE_ENV !== 'production' || argv.includes('--force')) return null;
  return (
    `[db] refused: NODE_ENV=production marks this as a production database, and ${command} ${effect}. ` +
    `Run \`pnpm ${command} --force\` to do it anyway.`
  );
}
