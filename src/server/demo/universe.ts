/**
 * The demo data's companies: 40 real IDX tickers with their names and IDX-IC sectors, from which the
 * demo market is generated. Demo data only: the app's list of emiten is the `emiten` table. Shares
 * outstanding and base prices are approximate and only seed the demo series.
 */
import type { Board } from '../../domain/boards';

export interface UniverseEntry {
  ticker: string;
  name: string;
  sector: string;
  subSector: string;
  board: Board;
  listingDate: string;
  sharesOutstanding: number;
  /** Rough price level the demo series is generated around (Rupiah). */
  basePrice: number;
}

const e = (
  ticker: string,
  name: string,
  sector: string,
  subSector: string,
  listingDate: string,
  sharesOutstanding: number,
  basePrice: number,
): UniverseEntry => ({ ticker, name, sector, subSector, board: 'Utama', listingDate, sharesOutstanding, basePrice });

const FIN = 'Keuangan';
const INFRA = 'Infrastruktur';
const PRIMER = 'Barang Konsumen Primer';
const NONPRIMER = 'Barang Konsumen Non-Primer';
const ENERGI = 'Energi';
const BAKU = 'Barang Baku';
const INDUS = 'Perindustrian';

export const UNIVERSE: readonly UniverseEntry[] = [
  e('BBCA', 'PT Bank Central Asia Tbk', FIN, 'Bank', '2000-05-31', 123_275_050_000, 9_000),
  e('BBRI', 'PT Bank Rakyat Indonesia (Persero) Tbk', FIN, 'Bank', '2003-11-10', 151_559_001_604, 4_200),
  e('BMRI', 'PT Bank Mandiri (Persero) Tbk', FIN, 'Bank', '2003-07-14', 93_333_333_332, 5_500),
  e('BBNI', 'PT Bank Negara Indonesia (Persero) Tbk', FIN, 'Bank', '1996-11-25', 37_297_312_880, 4_500),
  e('BRIS', 'PT Bank Syariah Indonesia Tbk', FIN, 'Bank', '2018-05-09', 46_129_260_138, 2_600),
  e('TLKM', 'PT Telkom Indonesia (Persero) Tbk', INFRA, 'Telekomunikasi', '1995-11-14', 99_062_216_600, 3_000),
  e('EXCL', 'PT XLSmart Telecom Sejahtera Tbk', INFRA, 'Telekomunikasi', '2005-09-29', 18_137_131_856, 2_300),
  e('ISAT', 'PT Indosat Tbk', INFRA, 'Telekomunikasi', '1994-10-19', 32_251_710_400, 2_000),
  e('TOWR', 'PT Sarana Menara Nusantara Tbk', INFRA, 'Menara Telekomunikasi', '2010-03-08', 51_014_625_000, 650),
  e('JSMR', 'PT Jasa Marga (Persero) Tbk', INFRA, 'Jalan Tol', '2007-11-12', 7_257_871_200, 4_200),
  e('ASII', 'PT Astra International Tbk', INDUS, 'Konglomerasi', '1990-04-04', 40_483_553_140, 5_000),
  e('UNTR', 'PT United Tractors Tbk', INDUS, 'Alat Berat', '1989-09-19', 3_730_135_136, 25_000),
  e('UNVR', 'PT Unilever Indonesia Tbk', PRIMER, 'Produk Rumah Tangga', '1982-01-11', 38_150_000_000, 1_800),
  e('ICBP', 'PT Indofood CBP Sukses Makmur Tbk', PRIMER, 'Makanan Olahan', '2010-10-07', 11_661_908_000, 10_500),
  e('INDF', 'PT Indofood Sukses Makmur Tbk', PRIMER, 'Makanan Olahan', '1994-07-14', 8_780_426_500, 7_000),
  e('CPIN', 'PT Charoen Pokphand Indonesia Tbk', PRIMER, 'Pakan & Peternakan', '1991-03-18', 16_398_000_000, 4_800),
  e('AMRT', 'PT Sumber Alfaria Trijaya Tbk', PRIMER, 'Ritel Makanan', '2009-01-15', 41_524_501_700, 2_400),
  e(
    'SIDO',
    'PT Industri Jamu dan Farmasi Sido Muncul Tbk',
    PRIMER,
    'Jamu & Suplemen',
    '2013-12-18',
    30_000_000_000,
    580,
  ),
  e('MYOR', 'PT Mayora Indah Tbk', PRIMER, 'Makanan Olahan', '1990-07-04', 22_358_699_725, 2_500),
  e('HMSP', 'PT H.M. Sampoerna Tbk', PRIMER, 'Rokok', '1990-08-15', 116_318_076_900, 650),
  e('KLBF', 'PT Kalbe Farma Tbk', 'Kesehatan', 'Farmasi', '1991-07-30', 46_875_122_110, 1_300),
  e('MAPI', 'PT Mitra Adiperkasa Tbk', NONPRIMER, 'Ritel', '2004-11-10', 16_600_000_000, 1_400),
  e(
    'ACES',
    'PT Aspirasi Hidup Indonesia Tbk',
    NONPRIMER,
    'Ritel Perlengkapan Rumah',
    '2007-11-06',
    17_120_000_000,
    650,
  ),
  e('ADRO', 'PT Alamtri Resources Indonesia Tbk', ENERGI, 'Batu Bara', '2008-07-16', 30_759_734_000, 2_300),
  e('PTBA', 'PT Bukit Asam Tbk', ENERGI, 'Batu Bara', '2002-12-23', 11_520_659_250, 2_600),
  e('ITMG', 'PT Indo Tambangraya Megah Tbk', ENERGI, 'Batu Bara', '2007-12-18', 1_129_925_000, 24_000),
  e('MEDC', 'PT Medco Energi Internasional Tbk', ENERGI, 'Minyak & Gas', '1994-10-12', 25_136_231_252, 1_200),
  e('PGAS', 'PT Perusahaan Gas Negara Tbk', ENERGI, 'Distribusi Gas', '2003-12-15', 24_241_508_196, 1_600),
  e('AKRA', 'PT AKR Corporindo Tbk', ENERGI, 'Distribusi Energi', '1994-10-03', 19_740_923_710, 1_200),
  e('ANTM', 'PT Aneka Tambang Tbk', BAKU, 'Logam & Mineral', '1997-11-27', 24_030_764_725, 2_000),
  e('INCO', 'PT Vale Indonesia Tbk', BAKU, 'Nikel', '1990-05-16', 10_539_596_060, 3_800),
  e('MDKA', 'PT Merdeka Copper Gold Tbk', BAKU, 'Emas & Tembaga', '2015-06-19', 24_441_056_160, 1_800),
  e('AMMN', 'PT Amman Mineral Internasional Tbk', BAKU, 'Tembaga & Emas', '2023-07-07', 72_518_217_656, 8_000),
  e('SMGR', 'PT Semen Indonesia (Persero) Tbk', BAKU, 'Semen', '1991-07-08', 6_751_540_089, 3_000),
  e('INKP', 'PT Indah Kiat Pulp & Paper Tbk', BAKU, 'Pulp & Kertas', '1990-07-16', 5_470_982_941, 6_500),
  e('TPIA', 'PT Chandra Asri Pacific Tbk', BAKU, 'Petrokimia', '2008-05-26', 86_511_545_092, 8_000),
  e('GOTO', 'PT GoTo Gojek Tokopedia Tbk', 'Teknologi', 'Platform Digital', '2022-04-11', 1_191_385_498_000, 70),
  e('EMTK', 'PT Elang Mahkota Teknologi Tbk', 'Teknologi', 'Media & Teknologi', '2010-01-12', 61_226_556_565, 500),
  e(
    'BSDE',
    'PT Bumi Serpong Damai Tbk',
    'Properti & Real Estat',
    'Pengembang Properti',
    '2008-06-06',
    21_171_365_812,
    950,
  ),
  e(
    'CTRA',
    'PT Ciputra Development Tbk',
    'Properti & Real Estat',
    'Pengembang Properti',
    '1994-03-28',
    18_535_695_255,
    1_000,
  ),
];
