import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';

const knownRoles = ['owner', 'admin', 'member'] as const;

/** One badge per organization role held (better-auth stores several as a comma-separated list). */
export function OrganizationRoleBadges({ role }: { role: string }) {
  const { t } = useTranslation('organization');
  const names = role.split(',').flatMap((name) => knownRoles.filter((known) => known === name));
  return (
    <>
      {names.map((name) => (
        <Badge key={name} variant={name === 'owner' ? 'default' : name === 'admin' ? 'outline' : 'secondary'}>
          {t(`roles.${name}`)}
        </Badge>
      ))}
    </>
  );
}
