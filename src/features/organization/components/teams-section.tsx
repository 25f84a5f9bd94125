import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Pencil, Plus, Trash2, UserMinus, UserPlus, Users } from 'lucide-react';
import { type FormEvent, type ReactElement, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form/form-dialog';
import { useSubmit } from '@/components/form/use-submit';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SectionCard } from '@/components/ui/section-card';
import { Select } from '@/components/ui/select';
import { TextLine } from '@/components/ui/text-line';
import { toast } from '@/components/ui/toast';
import { organizationCan } from '@/features/auth/permissions';
import { useSession } from '@/features/auth/queries';
import { lazyPart } from '@/lib/lazy-part';
import { organizationQueries, teamMutations } from '../queries';
import type { OrganizationPerson, TeamView } from '../schema';

// The form (react-hook-form, zod) is fetched when its dialog first opens: the page shows no form until then.
const TeamNameForm = lazyPart(() => import('./team-name-form').then((module) => module.TeamNameForm));

const ERROR_SCOPES = ['organization:teams.errors'];

type Rights = {
  create: boolean;
  rename: boolean;
  remove: boolean;
  addMember: boolean;
  removeMember: boolean;
};

/**
 * The active organization's teams and their members. What the member's role grants (spec §6) shows as
 * controls: create (team:create), rename (team:update), delete (team:delete), add a member of the
 * organization (member:update) and remove one (member:delete), better-auth's own checks on those calls.
 * The last team cannot be removed: better-auth refuses, and the message says so.
 */
export function TeamsSection() {
  const { t } = useTranslation('organization');
  const session = useSession();
  const organizationId = session?.session.activeOrganizationId ?? '';
  const { data: mine } = useSuspenseQuery(organizationQueries.mine());
  const { data } = useSuspenseQuery(organizationQueries.teams(organizationId));
  const role = mine.find((organization) => organization.id === organizationId)?.role;
  const rights: Rights = {
    create: organizationCan(role, { team: ['create'] }),
    rename: organizationCan(role, { team: ['update'] }),
    remove: organizationCan(role, { team: ['delete'] }),
    addMember: organizationCan(role, { member: ['update'] }),
    removeMember: organizationCan(role, { member: ['delete'] }),
  };

  return (
    <SectionCard
      title={t('teams.title')}
      description={t('teams.description')}
      actions={
        rights.create ? (
          <TeamNameDialog organizationId={organizationId} mode="create">
            <Button variant="outline">
              <Plus aria-hidden />
              {t('teams.create')}
            </Button>
          </TeamNameDialog>
        ) : null
      }
    >
      {data.teams.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('teams.empty')}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-3">
          {data.teams.map((team) => (
            <li key={team.id}>
              <TeamCard organizationId={organizationId} team={team} members={data.members} rights={rights} />
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

function TeamCard({
  organizationId,
  team,
  members,
  rights,
}: {
  organizationId: string;
  team: TeamView;
  members: OrganizationPerson[];
  rights: Rights;
}) {
  const { t } = useTranslation('organization');
  const queryClient = useQueryClient();
  const mutations = teamMutations(queryClient, organizationId);
  const remove = useMutation(mutations.remove());
  const removeMember = useMutation(mutations.removeMember());
  const { run } = useSubmit({ scopes: ERROR_SCOPES });
  const headingId = useId();

  const onRemove = () =>
    run(
      () => remove.mutateAsync(team.id),
      () => toast.success(t('teams.removed', { name: team.name })),
    );
  const onRemoveMember = (person: OrganizationPerson) =>
    run(
      () => removeMember.mutateAsync({ teamId: team.id, userId: person.userId }),
      () => toast.success(t('teams.memberRemoved', { name: person.name, team: team.name })),
    );

  return (
    <article aria-labelledby={headingId} className="grid grid-cols-1 gap-3 rounded-md border p-3 sm:p-4">
      <div className="flex flex-wrap items-center gap-2">
        <Users aria-hidden className="size-4 shrink-0 text-muted-foreground" />
        <h3 id={headingId} className="min-w-0 flex-1 font-medium">
          <TextLine>{team.name}</TextLine>
        </h3>
        <span className="text-xs text-muted-foreground">
          {t('teams.memberCount', { count: team.members.length })}
        </span>
        {rights.rename ? (
          <TeamNameDialog organizationId={organizationId} mode="rename" team={team}>
            <Button variant="ghost" size="icon" aria-label={t('teams.renameLabel', { name: team.name })}>
              <Pencil aria-hidden />
            </Button>
          </TeamNameDialog>
        ) : null}
        {rights.remove ? (
          <ConfirmDialog
            title={t('teams.removeTitle')}
            description={t('teams.removeDescription', { name: team.name })}
            confirmLabel={t('teams.remove')}
            variant="destructive"
            onConfirm={onRemove}
          >
            <Button variant="ghost" size="icon" aria-label={t('teams.removeLabel', { name: team.name })}>
              <Trash2 aria-hidden />
            </Button>
          </ConfirmDialog>
        ) : null}
      </div>
      {team.members.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('teams.noMembers')}</p>
      ) : (
        <ul className="grid gap-2" aria-label={t('teams.membersOf', { name: team.name })}>
          {team.members.map((person) => (
            <li key={person.userId} className="flex min-w-0 items-center gap-3">
              <Avatar name={person.name} email={person.email} image={person.image} size="sm" />
              <div className="grid min-w-0 flex-1 text-sm">
                <TextLine className="font-medium">{person.name}</TextLine>
                <TextLine className="text-muted-foreground">{person.email}</TextLine>
              </div>
              {rights.removeMember ? (
                <Button
                  variant="ghost"
                  size="icon"
                  disabled={removeMember.isPending}
                  aria-label={t('teams.removeMemberLabel', { name: person.name, team: team.name })}
                  onClick={() => void onRemoveMember(person)}
                >
                  <UserMinus aria-hidden />
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {rights.addMember ? <AddMember organizationId={organizationId} team={team} members={members} /> : null}
    </article>
  );
}

/** A Select of the organization's members not in the team yet, and Add. */
function AddMember({
  organizationId,
  team,
  members,
}: {
  organizationId: string;
  team: TeamView;
  members: OrganizationPerson[];
}) {
  const { t } = useTranslation('organization');
  const queryClient = useQueryClient();
  const addMember = useMutation(teamMutations(queryClient, organizationId).addMember());
  const { run } = useSubmit({ scopes: ERROR_SCOPES });
  const [userId, setUserId] = useState('');
  const selectId = useId();
  const inTeam = new Set(team.members.map((person) => person.userId));
  const candidates = members.filter((person) => !inTeam.has(person.userId));
  if (candidates.length === 0) return null;
  const chosen = candidates.some((person) => person.userId === userId) ? userId : '';

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const person = candidates.find((candidate) => candidate.userId === chosen);
    if (!person || addMember.isPending) return;
    await run(
      () => addMember.mutateAsync({ teamId: team.id, userId: person.userId }),
      () => {
        setUserId('');
        toast.success(t('teams.memberAdded', { name: person.name, team: team.name }));
      },
    );
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="flex flex-wrap items-end gap-2 border-t pt-3">
      <div className="grid min-w-0 flex-1 basis-48 gap-1">
        <label htmlFor={selectId} className="text-xs font-medium text-muted-foreground">
          {t('teams.addMemberLabel', { name: team.name })}
        </label>
        <Select id={selectId} value={chosen} onChange={(event) => setUserId(event.target.value)}>
          <option value="">{t('teams.choose')}</option>
          {candidates.map((person) => (
            <option key={person.userId} value={person.userId}>
              {t('teams.option', { name: person.name, email: person.email })}
            </option>
          ))}
        </Select>
      </div>
      <Button
        type="submit"
        variant="outline"
        disabled={!chosen || addMember.isPending}
        aria-busy={addMember.isPending}
      >
        <UserPlus aria-hidden />
        {t('teams.add')}
      </Button>
    </form>
  );
}

/** "New team" or "Rename team" in the responsive dialog: one name field, checked as the server checks it. */
function TeamNameDialog({
  organizationId,
  mode,
  team,
  children,
}: {
  organizationId: string;
  mode: 'create' | 'rename';
  team?: TeamView;
  children: ReactElement;
}) {
  const { t } = useTranslation('organization');
  return (
    <FormDialog
      title={mode === 'create' ? t('teams.createTitle') : t('teams.renameTitle')}
      trigger={children}
    >
      {(controls) => <TeamNameForm organizationId={organizationId} mode={mode} team={team} {...controls} />}
    </FormDialog>
  );
}
