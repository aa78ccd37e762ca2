/**
 * The app icons browsers ask for (manifest, Apple touch icon), drawn from the Telaah mark with resvg.
 * The maskable icon keeps the mark inside the safe zone (the inner 80 %) on a full-bleed background.
 */
import { Resvg } from '@resvg/resvg-js';

const BRAND = '#0b6b4f';
const MARK_PATH = 'M8 22l5-6 4 3 7-9';

function markSvg(maskable: boolean): string {
  // Maskable: a full-bleed square, the mark shrunk about the centre to stay inside the safe zone.
  const inner = maskable
    ? `<rect width="32" height="32" fill="${BRAND}"/><path d="${MARK_PATH}" transform="translate(16 16) scale(0.8) translate(-16 -16)" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>`
    : `<rect width="32" height="32" rx="7" fill="${BRAND}"/><path d="${MARK_PATH}" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${inner}</svg>`;
}

export const ICONS = {
  'icon-192': { size: 192, maskable: false },
  'icon-512': { size: 512, maskable: false },
  'icon-maskable-512': { size: 512, maskable: true },
  'apple-touch-icon': { size: 180, maskable: true },
} as const;

export type IconName = keyof typeof ICONS;

export function renderIcon(name: IconName): Buffer {
  const { size, maskable } = ICONS[name];
  return new Resvg(markSvg(maskable), { fitTo: { mode: 'width', value: size } }).render().asPng();
}
