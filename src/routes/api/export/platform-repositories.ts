import { createFileRoute } from '@tanstack/react-router';
import { exportPlatformRepositoriesCsv } from '@/features/repository/export.server';

/** The manager area's repositories list (every organization's) as a CSV download; see exportPlatformRepositoriesCsv. */
export const Route = createFileRoute('/api/export/platform-repositories')({
  server: { handlers: { GET: ({ request }) => exportPlatformRepositoriesCsv(request) } },
});
