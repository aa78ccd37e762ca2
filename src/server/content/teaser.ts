/**
 * Where an analysis stops being public. The teaser is the body up to its second section heading: any
 * text before the first `##` and the first section. A body with fewer than two sections has no public
 * part at all, so an editor who forgets the headings never publishes a whole gated analysis.
 */
export interface TeaserSplit {
  /** Markdown of the public part (empty when the body has fewer than two sections). */
  teaser: string;
  /** How many section headings (level 1–2) the body has. */
  sections: number;
  /** The titles of the sections after the teaser: what the upgrade call says is locked. */
  locked: string[];
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const ATX = /^ {0,3}#{1,2}(?:[ \t]|$)/;
const SETEXT = /^ {0,3}(?:=+|-+)[ \t]*$/;
// MDX module lines are code, not text: they never belong in a Markdown teaser.
const MDX_ESM = /^(?:import|export)\s/;

/** Splits an analysis body (without frontmatter) into its public teaser; see the module comment. */
export function splitTeaser(body: string): TeaserSplit {
  const lines = body.split(/\r?\n/);
  let fence: string | null = null;
  const starts: number[] = [];
  lines.forEach((line, i) => {
    const f = FENCE.exec(line);
    if (fence) {
      if (f && f[1]!.startsWith(fence[0]!) && f[1]!.length >= fence.length && line.trim() === f[1]) fence = null;
      return;
    }
    if (f) {
      fence = f[1]!;
      return;
    }
    // A setext underline turns the line above it into a heading; counting one that is really a
    // thematic break only makes the teaser shorter, which is the safe side.
    const prev = lines[i - 1];
    if (ATX.test(line)) starts.push(i);
    else if (SETEXT.test(line) && prev !== undefined && prev.trim() !== '') starts.push(i - 1);
  });
  if (starts.length < 2) return { teaser: '', sections: starts.length, locked: [] };
  const teaser = lines
    .slice(0, starts[1])
    .filter((l) => !MDX_ESM.test(l))
    .join('\n')
    .trim();
  const locked = starts.slice(1).map((i) => headingText(lines[i]!));
  return { teaser, sections: starts.length, locked };
}

/** The plain text of an ATX (`## Title ##`) or setext heading line. */
function headingText(line: string): string {
  return line
    .replace(/^ {0,3}#{1,2}[ \t]*/, '')
    .replace(/[ \t]+#+[ \t]*$/, '')
    .replace(/[*_`]/g, '')
    .trim();
}
