import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatRowError, type ValidatedFile } from './types';
import { validateCsv, type ValidateOptions } from './validate';

const TODAY = '2026-11-21';
const fixture = (name: string) => readFileSync(`tests/fixtures/market/${name}.csv`, 'utf8');
const check = (text: string, opts: Partial<ValidateOptions> = {}) => validateCsv(text, { today: TODAY, ...opts });
const messages = (text: string, opts: Partial<ValidateOptions> = {}) => check(text, opts).errors.map(formatRowError);
const fileOf = <K extends ValidatedFile['kind']>(text: string, kind: K, opts: Partial<ValidateOptions> = {}) => {
  const v = check(text, opts);
  expect(v.errors).toEqual([]);
  expect(v.kind).toBe(kind);
  return v.file as Extract<ValidatedFile, { kind: K }>;
};

const PRICES = 'date,ticker,open,high,low,close,volume\n';
const EMITEN = 'ticker,name,sector,sub_sector,board,listing_date,shares_outstanding\n';
const ACTIONS = 'ticker,type,cum_date,ex_date,recording_date,payment_date,amount,ratio_from,ratio_to,note\n';
const RINGKASAN_HEAD = fixture('ringkasan').split('\n')[0]!;

describe('good files', () => {
  it('reads emiten, both date forms and large share counts', () => {
    const f = fileOf(fixture('emiten'), 'emiten');
    expect(f.emiten).toHaveLength(5);
    expect(f.emiten[1]).toMatchObject({ ticker: 'BBRI', listingDate: '2003-11-10', board: 'Utama' });
    expect(f.emiten[3]).toMatchObject({
      ticker: 'GOTO',
      sharesOutstanding: 1_189_483_988_785,
      subSector: 'Perangkat Lunak & Jasa TI',
    });
  });

  it('splits plain prices into stocks and the IHSG (COMPOSITE or IHSG)', () => {
    const f = fileOf(fixture('prices'), 'prices');
    expect(f.stocks).toHaveLength(6);
    expect(f.stocks[0]).toEqual({
      ticker: 'BBCA',
      date: '2026-11-18',
      open: 9000,
      high: 9075,
      low: 8975,
      close: 9050,
      volume: 61_234_500,
    });
    expect(f.indexes.map((i) => [i.code, i.date, i.close])).toEqual([
      ['COMPOSITE', '2026-11-18', 7230.47],
      ['COMPOSITE', '2026-11-19', 7215.9],
    ]);
  });

  it('maps a Ringkasan Saham export to price rows of its trading day', () => {
    const f = fileOf(fixture('ringkasan'), 'ringkasan');
    expect(f.stocks).toHaveLength(5);
    expect(f.stocks[0]).toEqual({
      ticker: 'ASII',
      date: '2026-11-20',
      open: 5050,
      high: 5100,
      low: 5000,
      close: 5075,
      volume: 42_315_600,
    });
    expect(f.stocks[1]).toMatchObject({ ticker: 'BBCA', open: 9100, close: 9125, volume: 51_234_500 });
    // GOTO did not trade: open from Sebelumnya, flat high/low, volume 0, dated the file's day.
    expect(f.stocks[4]).toEqual({
      ticker: 'GOTO',
      date: '2026-11-20',
      open: 70,
      high: 70,
      low: 70,
      close: 70,
      volume: 0,
    });
  });

  it('takes the ringkasan trading day from --date when given', () => {
    const f = fileOf(fixture('ringkasan'), 'ringkasan', { date: '2026-11-19' });
    expect(new Set(f.stocks.map((s) => s.date))).toEqual(new Set(['2026-11-19']));
  });

  it('reads corporate actions with Indonesian decimals and optional columns', () => {
    const f = fileOf(fixture('actions'), 'actions');
    expect(f.actions).toHaveLength(4);
    expect(f.actions[1]).toMatchObject({
      ticker: 'BBRI',
      cumDate: '2026-04-09',
      exDate: '2026-04-10',
      amount: '208.4',
    });
    expect(f.actions[2]).toMatchObject({ type: 'split', amount: null, ratioFrom: 1, ratioTo: 5, recordingDate: null });
  });

  it('accepts a BOM, semicolons, CRLF, blank lines and lower-case codes', () => {
    const text =
      '\uFEFFdate;ticker;open;high;low;close;volume\r\n2026-11-18;bbca;9.000;9.075;8.975;9.050;61.234.500\r\n\r\n';
    expect(fileOf(text, 'prices').stocks).toEqual([
      { ticker: 'BBCA', date: '2026-11-18', open: 9000, high: 9075, low: 8975, close: 9050, volume: 61_234_500 },
    ]);
  });
});

describe('kind detection', () => {
  it.each([
    [EMITEN, 'emiten'],
    [PRICES, 'prices'],
    [ACTIONS, 'actions'],
    [`${RINGKASAN_HEAD}\n`, 'ringkasan'],
    ['No,Stock Code,Previous,Open Price,Last Trading Date,High,Low,Close,Volume\n', 'ringkasan'],
    ['Date,Ticker,Open,High,Low,Close,Volume\n', 'prices'],
    ['a,b,c\n', null],
  ])('%j → %s', (text, kind) => expect(check(text).kind).toBe(kind));

  it('lets --kind override detection and names the missing columns', () => {
    expect(messages(fixture('emiten'), { kind: 'prices' })).toEqual([
      'Baris 1, kolom date: kolom wajib tidak ada di baris judul',
      'Baris 1, kolom open: kolom wajib tidak ada di baris judul',
      'Baris 1, kolom high: kolom wajib tidak ada di baris judul',
      'Baris 1, kolom low: kolom wajib tidak ada di baris judul',
      'Baris 1, kolom close: kolom wajib tidak ada di baris judul',
      'Baris 1, kolom volume: kolom wajib tidak ada di baris judul',
    ]);
  });
});

describe('errors name the line and the column', () => {
  it.each([
    ['empty file', '', 'Baris 1: berkas kosong'],
    [
      'unknown header',
      'a,b\n1,2\n',
      'Baris 1: jenis berkas tidak dikenali dari baris judul; pilih dengan --kind (emiten, prices, ringkasan, actions, warrants, fundamentals, constituents)',
    ],
    [
      'decimal stock price',
      `${PRICES}2026-11-18,BBCA,9000,9075,8975,9050,1\n2026-11-18,BBRI,4200,4250,4180,4235.5,1`,
      'Baris 3, kolom close: harga harus bilangan bulat positif',
    ],
    [
      'zero price',
      `${PRICES}2026-11-18,BBCA,0,9075,8975,9050,1`,
      'Baris 2, kolom open: harga harus bilangan bulat positif',
    ],
    ['empty price', `${PRICES}2026-11-18,BBCA,9000,,8975,9050,1`, 'Baris 2, kolom high: wajib diisi'],
    [
      'low above open',
      `${PRICES}2026-11-18,BBCA,9000,9100,9025,9050,1`,
      'Baris 2, kolom low: harga terendah 9025 lebih tinggi dari harga pembukaan atau penutupan',
    ],
    [
      'high below close',
      `${PRICES}2026-11-18,BBCA,9000,9025,8975,9050,1`,
      'Baris 2, kolom high: harga tertinggi 9025 lebih rendah dari harga pembukaan atau penutupan',
    ],
    [
      'negative volume',
      `${PRICES}2026-11-18,BBCA,9000,9075,8975,9050,-1`,
      'Baris 2, kolom volume: volume harus bilangan bulat tidak negatif',
    ],
    [
      'bad date',
      `${PRICES}2026-02-30,BBCA,9000,9075,8975,9050,1`,
      'Baris 2, kolom date: tanggal "2026-02-30" tidak valid (gunakan YYYY-MM-DD atau DD/MM/YYYY)',
    ],
    [
      'future date',
      `${PRICES}2026-11-22,BBCA,9000,9075,8975,9050,1`,
      'Baris 2, kolom date: tanggal 2026-11-22 tidak boleh di masa depan',
    ],
    [
      'bad ticker',
      `${PRICES}2026-11-18,BBCA1,9000,9075,8975,9050,1`,
      'Baris 2, kolom ticker: kode saham "BBCA1" harus 4 huruf (5 untuk saham preferen, mis. MAMIP; akhiran -R untuk HMETD, -W untuk waran)',
    ],
    [
      'index below zero',
      `${PRICES}2026-11-18,COMPOSITE,7200,7250,-1,7230,0`,
      'Baris 2, kolom low: nilai indeks harus angka positif',
    ],
    [
      'duplicate price',
      `${PRICES}2026-11-18,BBCA,9000,9075,8975,9050,1\n18/11/2026,BBCA,9000,9075,8975,9050,1`,
      'Baris 3, kolom date: harga BBCA tanggal 2026-11-18 sudah ada di baris 2',
    ],
    [
      'missing field',
      `${PRICES}2026-11-18,BBCA,9000,9075,8975,9050`,
      'Baris 2: jumlah kolom 6, seharusnya 7 seperti baris judul',
    ],
    [
      'unknown board',
      `${EMITEN}BBCA,Bank,Keuangan,Bank,Utama Dua,2000-05-31,10`,
      'Baris 2, kolom board: papan "Utama Dua" tidak dikenal; pilih salah satu: Utama, Pengembangan, Akselerasi, Ekonomi Baru, Pemantauan Khusus',
    ],
    [
      'no shares',
      `${EMITEN}BBCA,Bank,Keuangan,Bank,Utama,2000-05-31,0`,
      'Baris 2, kolom shares_outstanding: jumlah saham beredar harus bilangan bulat positif',
    ],
    ['empty name', `${EMITEN}BBCA,,Keuangan,Bank,Utama,2000-05-31,10`, 'Baris 2, kolom name: wajib diisi'],
    [
      'duplicate emiten',
      `${EMITEN}BBCA,A,B,C,Utama,2000-05-31,10\nBBCA,A,B,C,Utama,2000-05-31,10`,
      'Baris 3, kolom ticker: emiten BBCA sudah ada di baris 2',
    ],
    [
      'unknown action',
      `${ACTIONS}BBCA,merger,2026-03-25,2026-03-26,,,,,,`,
      'Baris 2, kolom type: jenis aksi "merger" tidak dikenal; pilih salah satu: dividend, split, reverse_split, bonus, rights',
    ],
    [
      'ex before cum',
      `${ACTIONS}BBCA,dividend,2026-03-26,2026-03-26,,,100,,,`,
      'Baris 2, kolom ex_date: ex date 2026-03-26 harus setelah cum date 2026-03-26',
    ],
    [
      'dividend without amount',
      `${ACTIONS}BBCA,dividend,2026-03-25,2026-03-26,,,0,,,`,
      'Baris 2, kolom amount: dividen wajib punya amount lebih dari 0',
    ],
    [
      'amount too precise',
      `${ACTIONS}BBCA,dividend,2026-03-25,2026-03-26,,,1.23456,,,`,
      'Baris 2, kolom amount: amount harus angka tidak negatif dengan paling banyak 4 desimal',
    ],
    [
      'split without ratio',
      `${ACTIONS}BBCA,split,2026-03-25,2026-03-26,,,,1,,`,
      'Baris 2, kolom ratio_to: rasio wajib diisi untuk split',
    ],
    [
      'split that shrinks',
      `${ACTIONS}BBCA,split,2026-03-25,2026-03-26,,,,5,1,`,
      'Baris 2, kolom ratio_to: split harus menambah jumlah saham (ratio_to lebih besar dari ratio_from)',
    ],
    [
      'reverse split that grows',
      `${ACTIONS}BBCA,reverse_split,2026-03-25,2026-03-26,,,,1,5,`,
      'Baris 2, kolom ratio_to: reverse split harus mengurangi jumlah saham (ratio_to lebih kecil dari ratio_from)',
    ],
    [
      'zero ratio',
      `${ACTIONS}BBCA,bonus,2026-03-25,2026-03-26,,,,0,1,`,
      'Baris 2, kolom ratio_from: rasio harus bilangan bulat positif',
    ],
    [
      'bad payment date',
      `${ACTIONS}BBCA,dividend,2026-03-25,2026-03-26,,2026-04-31,100,,,`,
      'Baris 2, kolom payment_date: tanggal "2026-04-31" tidak valid (gunakan YYYY-MM-DD atau DD/MM/YYYY)',
    ],
    [
      'ringkasan close',
      `${RINGKASAN_HEAD}\n${fixture('ringkasan').split('\n')[2]!.replace(',9125,', ',91x5,')}`,
      'Baris 2, kolom Penutupan: harga harus bilangan bulat positif',
    ],
    [
      'ringkasan date',
      `${RINGKASAN_HEAD}\n${fixture('ringkasan').split('\n')[2]!.replace('20 Nov 2026', '31 Nov 2026')}`,
      'Baris 2, kolom Tanggal Perdagangan Terakhir: tanggal "31 Nov 2026" tidak valid (gunakan YYYY-MM-DD atau DD/MM/YYYY)',
    ],
    [
      'ringkasan without dates',
      'Kode Saham,Sebelumnya,Open Price,Tertinggi,Terendah,Penutupan,Volume\nBBCA,9100,9100,9150,9050,9125,10',
      'Baris 1, kolom Tanggal Perdagangan Terakhir: kolom tidak ada; berikan tanggal dengan opsi --date',
    ],
  ])('%s', (_name, text, expected) => {
    expect(messages(text)).toEqual([expected]);
  });

  it('collects every error of every row', () => {
    const text = `${PRICES}2026-11-18,BBCA,9000,9075,8975,9050,1\n2026-11-18,BBRI,x,4250,4180,4230,1\n2026-11-18,TLKM,3010,3040,2990,3020,-5\n`;
    expect(messages(text)).toEqual([
      'Baris 3, kolom open: harga harus bilangan bulat positif',
      'Baris 4, kolom volume: volume harus bilangan bulat tidak negatif',
    ]);
  });

  it('counts lines inside quoted fields', () => {
    const text = `${ACTIONS}BBCA,dividend,2026-03-25,2026-03-26,,,205,,,"catatan\ndua baris"\nBBRI,dividend,2026-03-25,2026-03-26,,,-1,,,`;
    expect(messages(text)).toEqual([
      'Baris 4, kolom amount: amount harus angka tidak negatif dengan paling banyak 4 desimal',
    ]);
  });

  it('refuses a ringkasan --date in the future', () => {
    expect(messages(fixture('ringkasan'), { date: '2026-11-23' })).toEqual([
      'Baris 1, kolom --date: tanggal 2026-11-23 tidak boleh di masa depan',
    ]);
  });

  it('lists the stock codes to check against emiten, also of rows with errors', () => {
    const v = check(
      `${PRICES}2026-11-18,XXXX,9000,9075,8975,9050,1\n2026-11-18,YYYY,0,9075,8975,9050,1\n2026-11-18,IHSG,1,1,1,1,0`,
    );
    expect(v.refs).toEqual([
      { line: 2, column: 'ticker', ticker: 'XXXX' },
      { line: 3, column: 'ticker', ticker: 'YYYY' },
    ]);
  });
});
