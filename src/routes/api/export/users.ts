import { createFileRoute } from '@tanstack/react-router';
import { exportUsersCsv } from '@/features/user/export.server';

/** The users list's current view as a CSV download (the list's query parameters; see exportUsersCsv). */
export const Route = createFileRoute('/api/export/users')({
  server: { handlers: { GET: ({ request }) => exportUsersCsv(request) } },
});
