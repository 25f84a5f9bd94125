import { Trans, useTranslation } from 'react-i18next';

/** "Type {email} to confirm", the address set apart: the label of "Delete user"'s confirmation field. */
export function DeleteUserLabel({ email }: { email: string }) {
  const { t } = useTranslation('user');
  return (
    <Trans
      t={t}
      ns="user"
      i18nKey="delete.typeEmail"
      values={{ email }}
      components={{ email: <bdi dir="ltr" className="font-semibold [overflow-wrap:anywhere]" /> }}
    />
  );
}
