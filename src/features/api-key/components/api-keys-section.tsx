import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form/form-dialog';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/section-card';
import { organizationCan } from '@/features/auth/permissions';
import { lazyPart } from '@/lib/lazy-part';
import { apiKeyMutations, apiKeyQueries } from '../queries';
import { ApiKeyList, RevokeApiKeyButton } from './api-key-list';

// The form (react-hook-form, zod) is fetched when its dialog first opens: the page shows no form until then.
const CreateApiKeyForm = lazyPart(() =>
  import('./create-api-key-form').then((module) => module.CreateApiKeyForm),
);

/**
 * /app/organization's "API keys": the organization's keys to the public API, for its owners and admins
 * (members see nothing of it); create (a recent sign-in first) and revoke. The server checks the same rights.
 */
export function ApiKeysSection({ organizationId, role }: { organizationId: string; role: string }) {
  const { t } = useTranslation('api-key');
  const queryClient = useQueryClient();
  const readable = organizationCan(role, { apiKey: ['read'] });
  const query = useQuery({ ...apiKeyQueries.active(organizationId), enabled: readable });
  const revoke = useMutation(apiKeyMutations.revoke(queryClient, organizationId));
  if (!readable) return null;
  return (
    <SectionCard
      title={t('section.title')}
      description={
        <>
          {t('section.description')} {/* A server page of its own (not a route of the app): a plain link. */}
          <a href="/api/v1/reference" className="underline underline-offset-4">
            {t('section.reference')}
          </a>
        </>
      }
      actions={
        organizationCan(role, { apiKey: ['create'] }) ? (
          <FormDialog
            title={t('create.title')}
            description={t('create.description')}
            trigger={
              <Button variant="outline">
                <Plus aria-hidden />
                {t('create.action')}
              </Button>
            }
          >
            {(controls) => <CreateApiKeyForm organizationId={organizationId} {...controls} />}
          </FormDialog>
        ) : null
      }
    >
      <ApiKeyList
        query={query}
        action={
          organizationCan(role, { apiKey: ['delete'] })
            ? (key) => <RevokeApiKeyButton apiKey={key} revoke={(id) => revoke.mutateAsync(id)} />
            : undefined
        }
      />
    </SectionCard>
  );
}

/** The manager's organization page: the organization's keys (never a secret), each revocable. */
export function PlatformApiKeysCard({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('api-key');
  const queryClient = useQueryClient();
  const query = useQuery(apiKeyQueries.platform(organizationId));
  const revoke = useMutation(apiKeyMutations.revokePlatform(queryClient, organizationId));
  return (
    <SectionCard title={t('section.title')} description={t('section.managerDescription')}>
      <ApiKeyList
        query={query}
        action={(key) => <RevokeApiKeyButton apiKey={key} revoke={(id) => revoke.mutateAsync(id)} />}
      />
    </SectionCard>
  );
}
