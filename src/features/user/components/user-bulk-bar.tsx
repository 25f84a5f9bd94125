import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormActions } from '@/components/form/form-actions';
import { FormAlert } from '@/components/form/form-alert';
import { Button } from '@/components/ui/button';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import {
  announceBulkResult,
  bulkSelectionOf,
  NamesPreview,
  SelectionBar,
} from '@/components/ui/selection-bar';
import { roleCan } from '@/features/auth/permissions';
import { useSession } from '@/features/auth/queries';
import type { RowSelection } from '@/hooks/use-row-selection';
import { translateError } from '@/lib/translate-error';
import { userBulkMutation } from '../queries';
import type { UserBulkAction, UserBulkInput, UserListItem } from '../schema';
import {
  type UserBulkActionType,
  type UserListView,
  type UserRoleFilter,
  userBulkActions,
  userBulkPermissions,
} from '../search';
import { BanFields, type BanForm, banFormDefaults, banRequestOf, zBanForm } from './ban-fields';
import { RolePicker } from './set-role-dialog';

/** Where a refusal's text is looked up: the action's own wording, then the user screens', then auth's. */
const REASON_SCOPES = ['user:bulk.reasons', 'user:ban.errors', 'user:sessions.errors', 'user:errors'];

type Props = {
  selection: RowSelection;
  /** The rows loaded in the list, in its order. */
  items: readonly UserListItem[];
  /** How many users the view matches (null while unknown or past the count's cap). */
  total: number | null;
  view: UserListView;
};

/**
 * The user list's selection bar: the count, "Select all N matching this view", and the bulk actions the
 * viewer's role grants, each behind a dialog naming the users it changes. After an action the skipped
 * rows stay selected, and a toast tells what happened to the rest.
 */
export function UserBulkBar({ selection, items, total, view }: Props) {
  const role = useSession()?.user.role;
  const { count, chosenIds, selectAll } = bulkSelectionOf(
    selection,
    items.map((item) => item.id),
    total,
  );
  if (count === 0) return null;
  const names = items.filter((item) => selection.isSelected(item.id)).map((item) => item.name || item.email);
  const request: UserBulkInput['selection'] = selection.allMatching ? { view } : { ids: chosenIds };
  return (
    <SelectionBar count={count} selectAll={selectAll} onClear={selection.clear}>
      {userBulkActions
        .filter((action) => roleCan(role, userBulkPermissions[action]))
        .map((action) => (
          <BulkActionDialog
            key={action}
            action={action}
            names={names}
            count={count}
            selection={request}
            onDone={selection.keepOnly}
          />
        ))}
    </SelectionBar>
  );
}

function BulkActionDialog({
  action,
  names,
  count,
  selection,
  onDone,
}: {
  action: UserBulkActionType;
  names: string[];
  count: number;
  selection: UserBulkInput['selection'];
  onDone: (skippedIds: string[]) => void;
}) {
  const { t } = useTranslation('user');
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const mutation = useMutation(userBulkMutation(queryClient));
  const destructive = action === 'ban' || action === 'delete';

  /** Runs the action; a refusal of the whole call is the form's message (what was typed stays). */
  const run = async (bulkAction: UserBulkAction): Promise<string | null> => {
    setBusy(true);
    try {
      const rows = await mutation.mutateAsync({ selection, action: bulkAction });
      onDone(announceBulkResult(t, rows, { doneKey: `user:bulk.${action}.done`, scopes: REASON_SCOPES }));
      setOpen(false);
      return null;
    } catch (error) {
      return translateError(t, error, ['common:bulk.errors', ...REASON_SCOPES]) ?? '';
    } finally {
      setBusy(false);
    }
  };

  const summary = (
    <>
      <p className="text-sm text-muted-foreground">{t(`bulk.${action}.description`, { count })}</p>
      <NamesPreview names={names} total={count} />
    </>
  );
  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={(next) => !busy && setOpen(next)}
      title={t(`bulk.${action}.title`, { count })}
      trigger={
        <Button size="sm" variant={destructive ? 'destructive' : 'outline'}>
          {t(`bulk.${action}.action`)}
        </Button>
      }
    >
      {action === 'ban' ? (
        <BanForm summary={summary} onRun={run} onCancel={() => setOpen(false)} />
      ) : (
        <ConfirmForm
          action={action}
          summary={summary}
          onRun={run}
          onCancel={() => setOpen(false)}
          destructive={destructive}
        />
      )}
    </ResponsiveDialog>
  );
}

type Run = (action: UserBulkAction) => Promise<string | null>;

function BanForm({ summary, onRun, onCancel }: { summary: ReactNode; onRun: Run; onCancel: () => void }) {
  const { t } = useTranslation('user');
  const [now] = useState(() => new Date());
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<BanForm>({ resolver: zodResolver(zBanForm), defaultValues: banFormDefaults });
  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const request = banRequestOf(form, values);
    if (request) setFormError(await onRun({ type: 'ban', ...request }));
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {summary}
      <BanFields form={form} now={now} />
      <FormAlert message={formError} />
      <FormActions
        cancelLabel={t('common:confirmDialog.cancel')}
        onCancel={onCancel}
        submitLabel={t('bulk.ban.confirm')}
        submitting={form.formState.isSubmitting}
        variant="destructive"
      />
    </form>
  );
}

function ConfirmForm({
  action,
  summary,
  onRun,
  onCancel,
  destructive,
}: {
  action: Exclude<UserBulkActionType, 'ban'>;
  summary: ReactNode;
  onRun: Run;
  onCancel: () => void;
  destructive: boolean;
}) {
  const { t } = useTranslation('user');
  const [role, setRole] = useState<UserRoleFilter>('user');
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        setFormError(null);
        setSubmitting(true);
        void onRun(action === 'set-role' ? { type: action, role } : { type: action }).then((message) => {
          setFormError(message);
          setSubmitting(false);
        });
      }}
    >
      {summary}
      {action === 'set-role' ? <RolePicker value={role} onChange={setRole} /> : null}
      <FormAlert message={formError} />
      <FormActions
        cancelLabel={t('common:confirmDialog.cancel')}
        onCancel={onCancel}
        submitLabel={t(`bulk.${action}.confirm`)}
        submitting={submitting}
        variant={destructive ? 'destructive' : 'default'}
      />
    </form>
  );
}
