import { createFileRoute, Outlet } from '@tanstack/react-router';
import { SiteHeader } from '@/components/layout/site-header';
import { LayoutFrame } from '@/components/layout/layout-frame';

export const Route = createFileRoute('/login')({
  component: LoginLayout,
});

function LoginLayout() {
  return (
    <LayoutFrame>
      <div className="flex min-h-dvh flex-col">
        <SiteHeader />
        <Outlet />
      </div>
    </LayoutFrame>
  );
}
