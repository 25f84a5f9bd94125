import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '@/features/home/components/home-page';
import { pageTitle } from '@/lib/page-title';

export const Route = createFileRoute('/app/')({
  head: pageTitle('pages.home'),
  component: HomePage,
});
