import { createFileRoute } from '@tanstack/react-router';
import { exportAuditCsv } from '@/features/audit/export.server';

/** The audit log's current view as a CSV download (the list's filters; see exportAuditCsv). */
export const Route = createFileRoute('/api/export/audit')({
  server: { handlers: { GET: ({ request }) => exportAuditCsv(request) } },
});
