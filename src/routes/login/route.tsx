import { createFileRoute, Outlet } from '@tanstack/react-router';
import { SiteHeader } from '@/components/layout/site-header';
import { HydrationCheckpoint } from '@/lib/hydration-marker';

export const Route = createFileRoute('/login')({
  component: LoginLayout,
});

function LoginLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <Outlet />
      <HydrationCheckpoint />
    </div>
  );
}
