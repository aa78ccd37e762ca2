/**
 * Sharing cards: the 1200×630 PNG that WhatsApp, Telegram and social sites show for a link. A card
 * holds only what the caller passes (for an analysis: ticker, title, rating, target price, tier), never
 * body text. The card's words are also written into the PNG as its description (png-text.ts), so tests
 * can check exactly what a card says.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import satori from 'satori';
import { Resvg } from '@resvg/resvg-js';
import { withPngText } from './png-text';

const CARD_WIDTH = 1200;
const CARD_HEIGHT = 630;
const PAD_X = 72;
const PAD_Y = 56;

export interface CardInput {
  /** Small line above the title: a ticker, a category, or the site's name. */
  kicker: string;
  title: string;
  /** Up to four label/value pairs along the bottom (rating, target price, tier…). */
  facts?: { label: string; value: string }[];
}

/** The words a card shows, one per line, in reading order. */
export function cardText(input: CardInput): string {
  return [input.kicker, input.title, ...(input.facts ?? []).map((f) => `${f.label}: ${f.value}`), 'Telaah'].join('\n');
}

interface Node {
  type: string;
  props: { style?: Record<string, string | number>; children?: (Node | string)[] | Node | string; src?: string };
}

const h = (type: string, style: Record<string, string | number>, ...children: (Node | string)[]): Node => ({
  type,
  props: { style, children },
});

const MARK =
  'data:image/svg+xml;base64,' +
  Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#ffffff"/><path d="M8 22l5-6 4 3 7-9" fill="none" stroke="#0b6b4f" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/></svg>',
  ).toString('base64');

let fonts: { name: string; data: Buffer; weight: 400 | 700; style: 'normal' }[] | undefined;

/** Inter from the @fontsource package (a file in node_modules; nothing is downloaded). */
function loadFonts() {
  if (fonts) return fonts;
  const require = createRequire(import.meta.url);
  const file = (w: number) => readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-${w}-normal.woff`));
  fonts = [
    { name: 'Inter', data: file(400), weight: 400, style: 'normal' },
    { name: 'Inter', data: file(700), weight: 700, style: 'normal' },
  ];
  return fonts;
}

function tree(input: CardInput): Node {
  const facts = (input.facts ?? []).slice(0, 4);
  const brand = h(
    'div',
    { display: 'flex', alignItems: 'center', gap: 18 },
    { type: 'img', props: { src: MARK, style: { width: 64, height: 64 } } },
    h('div', { fontSize: 40, fontWeight: 700, letterSpacing: 1 }, 'Telaah'),
  );
  const title = h(
    'div',
    { display: 'flex', flexDirection: 'column', gap: 16 },
    h('div', { fontSize: 36, fontWeight: 700, color: '#bfe8d6', letterSpacing: 2 }, input.kicker),
    h('div', { fontSize: input.title.length > 60 ? 52 : 64, fontWeight: 700, lineHeight: 1.15 }, input.title),
  );
  const factRow = h(
    'div',
    { display: 'flex', gap: 56 },
    ...facts.map((f) =>
      h(
        'div',
        { display: 'flex', flexDirection: 'column', gap: 4 },
        h('div', { fontSize: 26, color: '#bfe8d6' }, f.label),
        h('div', { fontSize: 40, fontWeight: 700 }, f.value),
      ),
    ),
  );
  return h(
    'div',
    {
      // Satori sizes the content box: the padding comes on top of these.
      width: CARD_WIDTH - 2 * PAD_X,
      height: CARD_HEIGHT - 2 * PAD_Y,
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: `${PAD_Y}px ${PAD_X}px`,
      background: '#0b6b4f',
      color: '#ffffff',
      fontFamily: 'Inter',
    },
    brand,
    title,
    factRow,
  );
}

/** Renders the card as a PNG (CARD_WIDTH × CARD_HEIGHT) carrying `cardText(input)` as its description. */
export async function renderCard(input: CardInput): Promise<Buffer> {
  const svg = await satori(tree(input) as Parameters<typeof satori>[0], {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts: loadFonts(),
  });
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: CARD_WIDTH } }).render().asPng();
  return withPngText(png, 'Description', cardText(input));
}
