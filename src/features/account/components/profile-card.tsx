import { Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/section-card';
import type { SessionInfo } from '@/features/auth/schema';
import { EmailAddress } from './email-address';

/** Who is signed in: picture or initials, name, e-mail (flagged when unverified), and "Change name". */
export function ProfileCard({ user, onChangeName }: { user: SessionInfo['user']; onChangeName: () => void }) {
  const { t } = useTranslation('account');
  return (
    <SectionCard title={t('profile.title')}>
      <div className="flex flex-wrap items-center gap-4">
        <Avatar name={user.name} email={user.email} image={user.image} size="lg" />
        <div className="grid min-w-0 flex-1 basis-48 gap-1">
          <p className="text-lg font-medium [overflow-wrap:anywhere]">{user.name}</p>
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <EmailAddress email={user.email} />
            {user.emailVerified ? null : <Badge variant="warning">{t('profile.notVerified')}</Badge>}
          </div>
        </div>
        <Button variant="outline" onClick={onChangeName}>
          <Pencil aria-hidden />
          {t('profile.changeName')}
        </Button>
      </div>
    </SectionCard>
  );
}
