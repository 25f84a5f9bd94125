import { useTranslation } from 'react-i18next';
import { appConfig } from '~/app.config';
import { Button } from '@/components/ui/button';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { demoDialog } from '../store';

/** "This is a read-only demo": how to get one's own copy and whom to ask. */
export function DemoDialogContent({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const { scaffoldCommand, readmeUrl, makers, contactEmail } = appConfig.demo;
  // The address is a mailto link inside the translated sentence, wherever the language puts it.
  const [beforeEmail, afterEmail] = t('demo.makers', { makers, email: contactEmail }).split(contactEmail);

  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={(next) => (next ? demoDialog.open() : demoDialog.close())}
      title={t('demo.title')}
      description={t('demo.message')}
    >
      <div className="grid gap-2 text-sm">
        <p>{t('demo.scaffold')}</p>
        <pre className="overflow-x-auto rounded-md bg-muted px-3 py-2" dir="ltr">
          <code>{scaffoldCommand}</code>
        </pre>
      </div>
      <p className="text-sm">
        <a
          href={readmeUrl}
          target="_blank"
          rel="noreferrer"
          className="font-medium underline underline-offset-4"
        >
          {t('demo.readme')}
        </a>
      </p>
      <p className="text-sm text-muted-foreground">
        {beforeEmail}
        {afterEmail === undefined ? null : (
          <>
            <a href={`mailto:${contactEmail}`} className="underline underline-offset-4" dir="ltr">
              {contactEmail}
            </a>
            {afterEmail}
          </>
        )}
      </p>
      <div className="flex justify-end">
        <Button type="button" onClick={demoDialog.close} autoFocus>
          {t('demo.close')}
        </Button>
      </div>
    </ResponsiveDialog>
  );
}
