import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names; of two Tailwind classes that conflict, the later wins (tailwind-merge's full default). */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
