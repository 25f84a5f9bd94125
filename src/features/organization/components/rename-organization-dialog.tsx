import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form/form-dialog';
import { lazyPart } from '@/lib/lazy-part';
import type { ActiveOrganization } from '../schema';

// The form (react-hook-form, zod) is fetched when its dialog first opens: the page shows no form until then.
const RenameForm = lazyPart(() => import('./rename-organization-form').then((module) => module.RenameForm));

/** "Rename" the organization in the responsive dialog: its name and its address (slug). */
export function RenameOrganizationDialog({
  organization,
  children,
}: {
  organization: ActiveOrganization;
  children: ReactElement;
}) {
  const { t } = useTranslation('organization');
  return (
    <FormDialog
      title={t('settings.general.editTitle')}
      description={t('settings.general.editDescription')}
      trigger={children}
    >
      {(controls) => <RenameForm organization={organization} {...controls} />}
    </FormDialog>
  );
}
