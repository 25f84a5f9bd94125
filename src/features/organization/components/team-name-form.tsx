import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { InputField } from '@/components/form/fields';
import { FormWithActions } from '@/components/form/form-with-actions';
import { useSubmit } from '@/components/form/use-submit';
import { toast } from '@/components/ui/toast';
import { teamMutations } from '../queries';
import { type TeamView, zTeamForm } from '../schema';

const ERROR_SCOPES = ['organization:teams.errors'];

/** The form of the team dialogs: a new team's name, or a team's new one. */
export function TeamNameForm({
  organizationId,
  mode,
  team,
  onBusyChange,
  onClose,
}: {
  organizationId: string;
  mode: 'create' | 'rename';
  team: TeamView | undefined;
  onBusyChange: (busy: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('organization');
  const queryClient = useQueryClient();
  const mutations = teamMutations(queryClient, organizationId);
  const create = useMutation(mutations.create());
  const rename = useMutation(mutations.rename());
  const form = useForm({ resolver: zodResolver(zTeamForm), defaultValues: { name: team?.name ?? '' } });
  const { formError, run } = useSubmit({ scopes: ERROR_SCOPES, show: 'alert', onBusyChange });

  const onSubmit = form.handleSubmit(({ name }) =>
    run(
      async () => {
        if (mode === 'create') await create.mutateAsync(name);
        else if (team) await rename.mutateAsync({ teamId: team.id, name });
      },
      () => {
        toast.success(mode === 'create' ? t('teams.created', { name }) : t('teams.renamed', { name }));
        onClose();
      },
    ),
  );

  const submitting = form.formState.isSubmitting;
  return (
    <FormWithActions
      onSubmit={onSubmit}
      error={formError}
      cancelLabel={t('teams.cancel')}
      onCancel={onClose}
      submitLabel={mode === 'create' ? t('teams.createSubmit') : t('teams.renameSubmit')}
      submitting={submitting}
    >
      <InputField
        control={form.control}
        name="name"
        ns="organization"
        label={t('teams.nameLabel')}
        autoComplete="off"
        dir="auto"
        autoFocus
      />
    </FormWithActions>
  );
}
