import { createFileRoute } from '@tanstack/react-router';
import { type AppLanguage, appConfig } from '~/app.config';
import { toLanguage } from '@/lib/i18n/languages';
import { renderLoginCodeEmail } from '@/server/email/login-code';
import { serverEnv } from '@/server/env';

// Development-only preview of every e-mail template with sample data: /api/dev/emails?template=login-code&lng=ar
const templates = {
  'login-code': (lng: AppLanguage) =>
    renderLoginCodeEmail({
      to: 'preview@example.com',
      code: '123456',
      lng,
      minutes: appConfig.auth.otpExpiryMinutes,
    }),
};

export const Route = createFileRoute('/api/dev/emails')({
  server: {
    handlers: {
      GET: async ({ request }) => {
        if (serverEnv().NODE_ENV === 'production') return new Response('Not Found', { status: 404 });
        const url = new URL(request.url);
        const lng = toLanguage(url.searchParams.get('lng')) ?? appConfig.defaultLanguage;
        const name = url.searchParams.get('template') ?? 'login-code';
        const template = templates[name as keyof typeof templates];
        if (!template) {
          return Response.json(
            { templates: Object.keys(templates), languages: appConfig.languages },
            { status: 404 },
          );
        }
        const mail = await template(lng);
        const body = url.searchParams.get('format') === 'text' ? mail.text : mail.html;
        return new Response(body, {
          headers: {
            'content-type': `text/${url.searchParams.get('format') === 'text' ? 'plain' : 'html'}; charset=utf-8`,
          },
        });
      },
    },
  },
});
