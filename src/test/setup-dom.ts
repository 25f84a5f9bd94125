/**
 * Setup of the `component` project (vitest.config.ts): registers jest-dom's matchers (`toBeVisible`,
 * `toHaveAccessibleName`, `toHaveTextContent`…) on Vitest's `expect`. The import also adds their types,
 * which TypeScript sees because this file is under `src`.
 */
import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// findBy… and waitFor wait up to 10 s instead of 1 s: on a 2-core machine running the suite's other
// projects at once, a first render that fetches its lazy parts (dialogs, Radix) can take longer than a
// second, and a test must not fail for the machine's load. A test that really fails still fails.
configure({ asyncUtilTimeout: 10_000 });
