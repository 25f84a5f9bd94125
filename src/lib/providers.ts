/** Display names of the social providers the product knows by id; another id shows as it is. */
const KNOWN_PROVIDER_NAMES: Record<string, string> = { github: 'GitHub', google: 'Google' };

/** A provider's name for screens: the configured one when given, the known one, or its id. */
export function providerName(id: string, configured?: string): string {
  return configured ?? KNOWN_PROVIDER_NAMES[id] ?? id;
}
