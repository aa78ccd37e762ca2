/**
 * Loads `.env` from the working directory into process.env (values already set win). Imported first
 * by every CLI, before anything reads the configuration.
 */
import { existsSync } from 'node:fs';

if (existsSync('.env')) process.loadEnvFile('.env');
