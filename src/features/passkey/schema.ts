import { z } from 'zod';
import { withoutControls } from '@/lib/text';

/** A passkey as screens show it: never its key material or credential id. Dates travel as ISO strings. */
export type PasskeyView = {
  id: string;
  name: string | null;
  createdAt: string;
  lastUsedAt: string | null;
  /** Whether the passkey is synced between the owner's devices (a password manager, a platform account). */
  backedUp: boolean;
};

const PASSKEY_NAME_MAX = 60;

/** A passkey's label: trimmed, controls removed, 1–60 characters. Messages are `account` keys. */
export const zPasskeyName = z
  .string({ error: 'passkeys.name.required' })
  .overwrite(withoutControls)
  .trim()
  .min(1, { error: 'passkeys.name.required' })
  .max(PASSKEY_NAME_MAX, { error: 'passkeys.name.tooLong' });

export const zRenamePasskeyForm = z.object({ name: zPasskeyName });

/** One user's passkey, for the manager's user page. */
export const zUserPasskeyInput = z.object({
  userId: z.string().min(1).max(64).overwrite(withoutControls),
  passkeyId: z.string().min(1).max(64).overwrite(withoutControls),
});
