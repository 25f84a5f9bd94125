import { createFileRoute, notFound } from '@tanstack/react-router';
import { LayoutFrame } from '@/components/layout/layout-frame';
import { SiteHeader } from '@/components/layout/site-header';
import { authQueries } from '@/features/auth/queries';
import { InvitationPage } from '@/features/organization/components/invitation-page';
import { organizationQueries } from '@/features/organization/queries';
import { errorCodeOf } from '@/lib/errors';
import { pageTitle } from '@/lib/page-title';

// Public: the visitor holding the link may not have signed in yet. Never in the sign-in page cache (its
// content depends on the invitation and on who is signed in).
export const Route = createFileRoute('/invitations/$id')({
  loader: async ({ context, params }) => {
    try {
      await Promise.all([
        context.queryClient.ensureQueryData(organizationQueries.invitation(params.id)),
        context.queryClient.ensureQueryData(authQueries.session()),
        context.queryClient.ensureQueryData(authQueries.config()),
      ]);
    } catch (error) {
      if (errorCodeOf(error).code === 'NOT_FOUND') throw notFound();
      throw error;
    }
  },
  // The link is a secret mailed to one person: no search engine lists it.
  head: (context) => ({
    meta: [
      ...pageTitle('organization:invitationPage.pageTitle')(context).meta,
      { name: 'robots', content: 'noindex' },
    ],
  }),
  component: InvitationScreen,
});

function InvitationScreen() {
  const { id } = Route.useParams();
  return (
    <LayoutFrame>
      <div className="flex min-h-dvh flex-col">
        <SiteHeader />
        <InvitationPage id={id} />
      </div>
    </LayoutFrame>
  );
}
