/**
 * The Indonesian words of the yearly tax report, shared by its page and its PDF, XLSX and CSV files
 * so every form of the report explains itself the same way. The tax rules are in docs/product.md §5.5.
 */
import type { AnnualTaxWay } from '../domain/portfolio';
import { formatDate } from './format';

export const ANNUAL_TITLE = (year: number) => `Laporan tahunan portofolio untuk SPT ${year}`;

export const ANNUAL_SECTIONS = {
  holdings: (year: number) => `Harta: saham yang dimiliki per 31 Desember ${year}`,
  dividends: (year: number) => `Dividen tunai ${year} yang dikenai PPh final 10 %`,
  exemptDividends: (year: number) => `Dividen tunai ${year} yang dikecualikan karena diinvestasikan kembali`,
  sales: (year: number) => `Penjualan saham selama ${year}`,
  realisation: (year: number) => `Realisasi investasi dividen ${year - 2}–${year} (untuk laporan realisasi investasi)`,
} as const;

/** How the 10 % on a taxed dividend was settled, as the report's "Pelunasan PPh" column says it. */
export const TAX_WAY_TEXT: Record<AnnualTaxWay, (date: string | null) => string> = {
  withheld: () => 'Dipotong final oleh pembayar',
  fixed: () => 'Tarif tetap portofolio',
  self_paid: (d) => (d ? `Disetor sendiri ${formatDate(d)}` : 'Disetor sendiri'),
  due: (d) => (d ? `Belum disetor; jatuh tempo ${formatDate(d)}` : 'Belum disetor'),
};

/** Where each part of the report usually goes on the annual return; one paragraph per part. */
export const ANNUAL_GUIDE: readonly { title: string; text: string }[] = [
  {
    title: 'Daftar harta',
    text:
      'Setiap saham yang masih Anda miliki pada 31 Desember dicatat di daftar harta pada akhir tahun ' +
      '(Lampiran 1 Bagian A, tabel investasi/sekuritas) dengan dua nilai yang sama-sama diisi di Coretax: ' +
      'harga perolehan, yaitu harga rata-rata kali jumlah lembar termasuk biaya beli, dan nilai saat ini, ' +
      'yaitu jumlah lembar kali harga penutupan terakhir tahun itu di Bursa Efek Indonesia.',
  },
  {
    title: 'Dividen yang dikenai PPh final',
    text:
      'Dividen dengan recording date sebelum 1 Maret 2021 sudah dipotong PPh final 10 % oleh pembayar. ' +
      'Sejak 1 Maret 2021 dividen untuk wajib pajak orang pribadi dalam negeri dibayar bruto: bagian yang ' +
      'tidak diinvestasikan kembali dikenai PPh final 10 % yang disetor sendiri paling lambat tanggal 15 bulan ' +
      'berikutnya setelah bulan dividen diterima (kolom "Pelunasan PPh" menunjukkan yang sudah disetor dan ' +
      'yang belum). Cantumkan bruto dan PPh-nya di bagian penghasilan yang dikenakan PPh final.',
  },
  {
    title: 'Dividen yang dikecualikan',
    text:
      'Dividen yang diinvestasikan kembali di Indonesia paling lambat akhir Maret tahun berikutnya dan ' +
      'ditahan sampai akhir tahun pajak ketiga sejak diterima bukan objek pajak: cantumkan di bagian ' +
      'penghasilan yang bukan objek pajak, dan sampaikan laporan realisasi investasi setiap tahun (paling ' +
      'lambat akhir Maret) sampai tahun ketiga. Tabel realisasi di laporan ini mendaftar dividen, jumlahnya, ' +
      'saham yang dibeli dan tanggalnya. Jika saham itu dijual sebelum masa investasinya berakhir, ' +
      'pengecualian bisa gugur dan PPh 10 % menjadi terutang.',
  },
  {
    title: 'Penjualan saham',
    text:
      'Penjualan saham di bursa dikenai PPh final 0,1 % dari nilai bruto penjualan, yang sudah dipotong ' +
      'broker bersama biaya jual. Cantumkan nilai bruto penjualan dan PPh final itu di bagian penghasilan ' +
      'yang dikenakan PPh final (penjualan saham di bursa efek). Untung atau rugi penjualan tidak dipajaki lagi.',
  },
];

export const ANNUAL_DISCLAIMER =
  'Laporan ini disusun otomatis dari transaksi yang Anda catat di Telaah dan data pasar yang kami miliki. ' +
  'Periksa kembali dengan bukti potong dan laporan tahunan dari broker (AKSes KSEI) sebelum mengisi SPT; ' +
  'Telaah bukan konsultan pajak dan laporan ini bukan nasihat perpajakan.';
