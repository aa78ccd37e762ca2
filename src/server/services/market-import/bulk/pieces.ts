/**
 * Reading a price file as a stream: pieces of whole lines (a quoted field with line breaks stays in one
 * piece), parsed by papaparse a piece at a time, each row knowing the line it starts on; and the header
 * line alone, read before the stream to recognise the file's kind and delimiter.
 */
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import Papa from 'papaparse';
import { LineTooLongError, MAX_LINE_CHARS } from '../../../csv/text-rules';

export interface Row {
  line: number;
  cells: string[];
}

function quoteCount(text: string, to: number): number {
  let n = 0;
  for (let i = text.indexOf('"'); i !== -1 && i < to; i = text.indexOf('"', i + 1)) n++;
  return n;
}

/** The number of the buffer's last line, the buffer starting at line `first`. */
function lineOfTail(buffer: string, first: number): number {
  let line = first;
  for (let i = buffer.indexOf('\n'); i !== -1; i = buffer.indexOf('\n', i + 1)) line++;
  return line;
}

/** Whole lines of a CSV stream; `line` is the 1-based number of the piece's first line. */
export interface Piece {
  text: string;
  line: number;
}

/**
 * A CSV stream in pieces of whole lines. A piece ends at a line break outside quotes (an even number of
 * quote characters before it), so a quoted field with line breaks stays whole; its breaks count as lines.
 */
export async function* csvPieces(input: Readable): AsyncGenerator<Piece> {
  let buffer = '';
  let line = 1;
  const piece = (text: string): Piece => {
    const p = { text, line };
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) line++;
    line++;
    return p;
  };
  for await (const chunk of input as AsyncIterable<string>) {
    buffer += chunk;
    // The incomplete line held so far: no market file has one this long, so stop reading at once.
    if (buffer.length - buffer.lastIndexOf('\n') > MAX_LINE_CHARS) throw new LineTooLongError(lineOfTail(buffer, line));
    let cut = buffer.lastIndexOf('\n');
    while (cut >= 0 && quoteCount(buffer, cut) % 2 === 1) cut = cut > 0 ? buffer.lastIndexOf('\n', cut - 1) : -1;
    // No complete line yet, or a quoted field spans the whole buffer: read more first, up to a line's
    // length (a quoted field that long is no market data either).
    if (cut < 0 && buffer.length > MAX_LINE_CHARS) throw new LineTooLongError(line);
    if (cut < 0) continue;
    const text = buffer.slice(0, cut);
    buffer = buffer.slice(cut + 1);
    yield piece(text);
  }
  if (buffer.length) yield piece(buffer);
}

/**
 * The rows of a piece parsed by papaparse in one synchronous call (per-row stream events cost far
 * more), each with the line it starts on; a quoted line break counts towards the next row's line.
 */
export function pieceRows(p: Piece, delimiter: string): Row[] {
  const data = Papa.parse<string[]>(p.text, { delimiter, newline: '\n' }).data;
  const quoted = p.text.includes('"');
  const rows: Row[] = new Array<Row>(data.length);
  let line = p.line;
  for (let i = 0; i < data.length; i++) {
    const cells = data[i]!;
    const last = cells.length - 1;
    if (cells[last]!.endsWith('\r')) cells[last] = cells[last]!.slice(0, -1);
    rows[i] = { line, cells };
    line++;
    if (quoted) for (const c of cells) for (let j = c.indexOf('\n'); j !== -1; j = c.indexOf('\n', j + 1)) line++;
  }
  return rows;
}

/** The file's first line, to recognise its kind and delimiter before streaming it. */
export async function readHeaderLine(path: string): Promise<string> {
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 64 * 1024 });
  try {
    let text = '';
    for await (const chunk of stream as AsyncIterable<string>) {
      text += chunk;
      const end = text.search(/\r?\n/);
      if (end !== -1) return text.slice(0, end);
      if (text.length > MAX_LINE_CHARS) throw new LineTooLongError(1);
    }
    return text;
  } finally {
    stream.destroy();
  }
}
