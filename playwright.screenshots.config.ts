import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/** `npm run screenshots`: the e2e servers and browser, the screenshot spec only. */
export default defineConfig({ ...base, testDir: 'tests/screenshots', reporter: 'list' });
