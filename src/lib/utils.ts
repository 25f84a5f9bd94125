import { type ClassValue, clsx } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge';
import { tailwindMergeConfig } from './tailwind-merge-config';

const merge = createTailwindMerge(() => tailwindMergeConfig);

export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}
