/**
 * The inline script that sets the colour theme before the first paint, and its CSP hash (listed in
 * astro.config.mjs). Both come from this one string, so they cannot drift apart. The theme is the one
 * chosen on this device (localStorage), else the system's `prefers-color-scheme`.
 */
import { createHash } from 'node:crypto';

import { THEME_STORAGE_KEY } from './theme-keys';

export const THEME_INIT_JS = `try{var t=localStorage.getItem('${THEME_STORAGE_KEY}');if(t!=='dark'&&t!=='light')t=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';document.documentElement.dataset.theme=t}catch(e){}`;

export const THEME_INIT_HASH = `sha256-${createHash('sha256').update(THEME_INIT_JS).digest('base64')}` as const;
