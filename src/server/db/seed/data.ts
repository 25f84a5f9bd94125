/** Realistic sample repositories so lists, search and pagination have something to show. */
export const sampleRepositories: ReadonlyArray<{ name: string; link: string; description: string | null }> = [
  {
    name: 'react',
    link: 'https://github.com/facebook/react',
    description: 'The library for web and native user interfaces.',
  },
  {
    name: 'vue',
    link: 'https://github.com/vuejs/core',
    description: 'Progressive, incrementally-adoptable JavaScript framework for building UI on the web.',
  },
  {
    name: 'svelte',
    link: 'https://github.com/sveltejs/svelte',
    description:
      'Web development for the rest of us: a compiler that turns components into efficient JavaScript.',
  },
  {
    name: 'tanstack-router',
    link: 'https://github.com/TanStack/router',
    description: 'Fully type-safe router for React with built-in caching and URL state management.',
  },
  {
    name: 'tanstack-query',
    link: 'https://github.com/TanStack/query',
    description: 'Powerful asynchronous state management, server-state utilities and data fetching.',
  },
  {
    name: 'drizzle-orm',
    link: 'https://github.com/drizzle-team/drizzle-orm',
    description: 'Headless TypeScript ORM with a head: SQL-like and relational query APIs.',
  },
  {
    name: 'better-auth',
    link: 'https://github.com/better-auth/better-auth',
    description: 'The most comprehensive authentication framework for TypeScript.',
  },
  {
    name: 'vite',
    link: 'https://github.com/vitejs/vite',
    description: 'Next generation frontend tooling. It is fast!',
  },
  {
    name: 'vitest',
    link: 'https://github.com/vitest-dev/vitest',
    description: 'Next generation testing framework powered by Vite.',
  },
  {
    name: 'playwright',
    link: 'https://github.com/microsoft/playwright',
    description: 'A framework for web testing and automation across Chromium, Firefox and WebKit.',
  },
  {
    name: 'typescript',
    link: 'https://github.com/microsoft/TypeScript',
    description: 'A superset of JavaScript that compiles to clean JavaScript output.',
  },
  { name: 'node', link: 'https://github.com/nodejs/node', description: 'Node.js JavaScript runtime.' },
  {
    name: 'deno',
    link: 'https://github.com/denoland/deno',
    description: 'A modern runtime for JavaScript and TypeScript.',
  },
  {
    name: 'bun',
    link: 'https://github.com/oven-sh/bun',
    description: 'Incredibly fast JavaScript runtime, bundler, test runner and package manager.',
  },
  {
    name: 'postgres',
    link: 'https://github.com/postgres/postgres',
    description: 'Mirror of the official PostgreSQL repository.',
  },
  {
    name: 'pglite',
    link: 'https://github.com/electric-sql/pglite',
    description: 'Embeddable Postgres with real-time, reactive bindings, compiled to WASM.',
  },
  {
    name: 'redis',
    link: 'https://github.com/redis/redis',
    description: 'An in-memory data store used as a database, cache and message broker.',
  },
  {
    name: 'tailwindcss',
    link: 'https://github.com/tailwindlabs/tailwindcss',
    description: 'A utility-first CSS framework for rapid UI development.',
  },
  // Long unbroken Latin text (80-character name, 130-character link), on the first page of every list, so
  // a layout that overflows on a phone or in right-to-left shows from the first start.
  {
    name: 'an-exceptionally-long-unbroken-repository-name-that-keeps-going-past-each-column',
    link: 'https://github.com/an-organization-with-a-long-name/an-exceptionally-long-unbroken-repository-name-that-keeps-going/tree/main/docs',
    description: 'Accessible, unstyled React components for building design systems.',
  },
  {
    name: 'shadcn-ui',
    link: 'https://github.com/shadcn-ui/ui',
    description: 'Beautifully designed components that you can copy and paste into your apps.',
  },
  {
    name: 'zod',
    link: 'https://github.com/colinhacks/zod',
    description: 'TypeScript-first schema validation with static type inference.',
  },
  {
    name: 'react-hook-form',
    link: 'https://github.com/react-hook-form/react-hook-form',
    description: 'Performant, flexible and extensible forms with easy-to-use validation.',
  },
  {
    name: 'i18next',
    link: 'https://github.com/i18next/i18next',
    description: 'An internationalization framework written in and for JavaScript.',
  },
  {
    name: 'sonner',
    link: 'https://github.com/emilkowalski/sonner',
    description: 'An opinionated toast component for React.',
  },
  {
    name: 'vaul',
    link: 'https://github.com/emilkowalski/vaul',
    description: 'An unstyled drawer component for React.',
  },
  {
    name: 'next-themes',
    link: 'https://github.com/pacocoursey/next-themes',
    description: 'Perfect dark mode in two lines of code.',
  },
  {
    name: 'lucide',
    link: 'https://github.com/lucide-icons/lucide',
    description: 'Beautiful and consistent open-source icon toolkit.',
  },
  {
    name: 'nodemailer',
    link: 'https://github.com/nodemailer/nodemailer',
    description: 'Send e-mails with Node.js: easy as cake.',
  },
  {
    name: 'react-email',
    link: 'https://github.com/resend/react-email',
    description: 'Build and send e-mails using React and TypeScript.',
  },
  {
    name: 'eslint',
    link: 'https://github.com/eslint/eslint',
    description: 'Find and fix problems in your JavaScript code.',
  },
  {
    name: 'prettier',
    link: 'https://github.com/prettier/prettier',
    description: 'Prettier is an opinionated code formatter.',
  },
  {
    name: 'pnpm',
    link: 'https://github.com/pnpm/pnpm',
    description: 'Fast, disk space efficient package manager.',
  },
  {
    name: 'nitro',
    link: 'https://github.com/nitrojs/nitro',
    description: 'Next generation server toolkit: build and deploy universal servers anywhere.',
  },
  {
    name: 'axe-core',
    link: 'https://github.com/dequelabs/axe-core',
    description: 'Accessibility engine for automated web UI testing.',
  },
  {
    name: 'pino',
    link: 'https://github.com/pinojs/pino',
    description: 'Super fast, all natural JSON logger.',
  },
  { name: 'date-fns', link: 'https://github.com/date-fns/date-fns', description: null },
];

/** Globex's few repositories: the other organization's, which Acme's members never see. */
export const globexRepositories: ReadonlyArray<{ name: string; link: string; description: string | null }> = [
  {
    name: 'globex-billing',
    link: 'https://example.com/globex/billing',
    description: 'Invoices and payment runs.',
  },
  {
    name: 'globex-warehouse',
    link: 'https://example.com/globex/warehouse',
    description: 'Stock levels by site.',
  },
  {
    name: 'globex-storefront',
    link: 'https://example.com/globex/storefront',
    description: 'The web shop, in four languages.',
  },
];

/**
 * The newest generated user: an 80-character unbroken name and a 92-character address, first in the user
 * list, for the same reason as the long repository above.
 */
export const longNamedUser = {
  name: 'Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaftschaferswessenschaf',
  email: 'wolfeschlegelsteinhausenbergerdorff.voralternwarengewissenhaft@research-unit-nrw.example.org',
};

export const firstNames = [
  'Amina',
  'Jean',
  'Fatima',
  'Juma',
  'Claire',
  'Omar',
  'Neema',
  'Lucas',
  'Layla',
  'Baraka',
  'Chloé',
  'Youssef',
  'Zawadi',
  'Hugo',
  'Mariam',
  'Daudi',
  'Inès',
  'Karim',
  'Rehema',
  'Théo',
];
export const lastNames = [
  'Mwangi',
  'Dubois',
  'Haddad',
  'Otieno',
  'Martin',
  'Benali',
  'Njoroge',
  'Lefèvre',
  'Saleh',
  'Kamau',
  'Moreau',
  'Nasser',
  'Achieng',
  'Laurent',
  'Farouk',
];
