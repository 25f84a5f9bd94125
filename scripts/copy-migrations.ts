// Makes `.output` self-contained: the built server applies migrations from `.output/drizzle`.
import { cpSync } from 'node:fs';

cpSync('drizzle', '.output/drizzle', { recursive: true });
console.info('copied drizzle/ to .output/drizzle');
