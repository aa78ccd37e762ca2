/** The web app manifest: what a phone shows when Telaah is installed on its home screen. */
import { ICONS } from './icons';

const THEME_COLOR = '#0b6b4f';

export function webManifest() {
  return {
    id: '/',
    name: 'Telaah — Riset Saham BEI',
    short_name: 'Telaah',
    description: 'Riset saham BEI, kursus investasi, dan pelacak portofolio untuk investor ritel Indonesia.',
    lang: 'id',
    dir: 'ltr',
    // A member's portfolio, a stranger's home page: src/pages/mulai.ts decides per viewer.
    start_url: '/mulai',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#f7f8f6',
    theme_color: THEME_COLOR,
    categories: ['finance', 'education'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      {
        src: '/icons/icon-maskable-512.png',
        sizes: `${ICONS['icon-maskable-512'].size}x${ICONS['icon-maskable-512'].size}`,
        type: 'image/png',
        purpose: 'maskable',
      },
    ],
    shortcuts: [
      { name: 'Analisis', url: '/analisis' },
      { name: 'Portofolio', url: '/portofolio/all' },
      { name: 'FAQ', url: '/starting-guide/faq' },
    ],
  };
}
