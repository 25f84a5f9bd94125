import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '@/components/form/use-submit';
import { toast } from '@/components/ui/toast';
import { MenuItem } from '@/components/layout/menu-popover';
import { Select } from '@/components/ui/select';
import { ConfirmDialog, type OpenedElsewhere } from '@/components/ui/confirm-dialog';
import { userMutations } from '../queries';
import { formRoleOf, type UserRoleFilter, userRoleFilters } from '../search';

/**
 * "Set role": pick the role, confirm; better-auth's set-role decides (never on your own page). A menu item
 * and its dialog, or the dialog alone when `open` is given (opened from the command palette).
 */
export function SetRoleDialog({
  user,
  open,
  onOpenChange,
}: { user: { id: string; name: string; role: string | null } } & OpenedElsewhere) {
  const { t } = useTranslation('user');
  const queryClient = useQueryClient();
  const current = formRoleOf(user.role);
  const [role, setRole] = useState<UserRoleFilter>(current);
  const saveRole = useMutation(userMutations.setRole(queryClient, user.id));
  // The dialog closes either way; a refusal's reason stays on screen as a toast.
  const { run } = useSubmit({ scopes: ['user:errors'] });

  const confirm = () =>
    run(
      // The user's lists and detail are read again before the message.
      () => saveRole.mutateAsync(role),
      () => toast.success(t('setRole.success', { role: t(`roles.${role}`) })),
    );

  return (
    <ConfirmDialog
      title={t('setRole.title')}
      description={t('setRole.description', { name: user.name })}
      confirmLabel={t('setRole.confirm')}
      confirmDisabled={role === current}
      open={open}
      onOpenChange={(next) => {
        if (next) setRole(current);
        onOpenChange?.(next);
      }}
      onConfirm={confirm}
      body={<RolePicker value={role} onChange={setRole} />}
    >
      {open === undefined ? (
        <MenuItem>
          <ShieldCheck aria-hidden />
          {t('setRole.action')}
        </MenuItem>
      ) : undefined}
    </ConfirmDialog>
  );
}

/** The role select of "Set role", for one user or for the list's selection. */
export function RolePicker({
  value,
  onChange,
}: {
  value: UserRoleFilter;
  onChange: (role: UserRoleFilter) => void;
}) {
  const { t } = useTranslation('user');
  const selectId = useId();
  return (
    <div className="grid gap-2">
      <label htmlFor={selectId} className="text-sm font-medium">
        {t('form.role')}
      </label>
      <Select
        id={selectId}
        value={value}
        onChange={(event) => onChange(userRoleFilters.find((r) => r === event.target.value) ?? value)}
      >
        {userRoleFilters.map((name) => (
          <option key={name} value={name}>
            {t(`roles.${name}`)}
          </option>
        ))}
      </Select>
    </div>
  );
}
