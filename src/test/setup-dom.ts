/**
 * Setup of the `component` project (vitest.config.ts): registers jest-dom's matchers (`toBeVisible`,
 * `toHaveAccessibleName`, `toHaveTextContent`…) on Vitest's `expect`. The import also adds their types,
 * which TypeScript sees because this file is under `src`.
 */
import '@testing-library/jest-dom/vitest';
