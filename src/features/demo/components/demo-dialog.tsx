import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { appConfig } from '~/app.config';
import { Button } from '@/components/ui/button';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { observeAuthErrors } from '@/lib/auth-client';
import { isDemoRefusal } from '@/lib/errors';
import { demoDialog, useDemoDialogOpen } from '../store';

/**
 * Opens the demo dialog whenever the server refuses an action with DEMO_MODE: any Query mutation and
 * any auth call through `authRequest`, wherever on the page it was made.
 */
function useOpenOnDemoRefusal() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isDemoRefusal(event.action.error)) {
        demoDialog.open();
      }
    });
    const stopAuth = observeAuthErrors((error) => {
      if (isDemoRefusal(error)) demoDialog.open();
    });
    return () => {
      stopMutations();
      stopAuth();
    };
  }, [queryClient]);
}

/** "This is a read-only demo": how to get one's own copy and whom to ask. Mounted once, in the root. */
export function DemoDialog() {
  const { t } = useTranslation();
  const open = useDemoDialogOpen();
  useOpenOnDemoRefusal();
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
