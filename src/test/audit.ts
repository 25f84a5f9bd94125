import { notInArray } from 'drizzle-orm';
import { auditLog } from '@/server/db/schema/index';

/**
 * For tests about what an action records: leaves out the entries every sign-in and sign-out writes
 * (`account.sign-in`, `account.sign-out`), which the tests' own sign-ins add about each user.
 */
export const notSigningInOrOut = notInArray(auditLog.action, ['account.sign-in', 'account.sign-out']);
