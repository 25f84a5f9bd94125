import { createFileRoute } from '@tanstack/react-router';
import { exportRepositoriesCsv } from '@/features/repository/export.server';

/** The app area's repositories list (the active organization's) as a CSV download; see exportRepositoriesCsv. */
export const Route = createFileRoute('/api/export/repositories')({
  server: { handlers: { GET: ({ request }) => exportRepositoriesCsv(request) } },
});
