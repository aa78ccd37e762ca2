/**
 * The Indonesian words of the yearly tax report, shared by its page and its PDF, XLSX and CSV files
 * so every form of the report explains itself the same way.
 */

export const ANNUAL_TITLE = (year: number) => `Laporan tahunan portofolio untuk SPT ${year}`;

export const ANNUAL_SECTIONS = {
  holdings: (year: number) => `Harta: saham yang dimiliki per 31 Desember ${year}`,
  dividends: (year: number) => `Dividen tunai yang diterima selama ${year}`,
  sales: (year: number) => `Penjualan saham selama ${year}`,
} as const;

/** Where each part of the report usually goes on the annual return; one paragraph per part. */
export const ANNUAL_GUIDE: readonly { title: string; text: string }[] = [
  {
    title: 'Daftar harta',
    text:
      'Setiap saham yang masih Anda miliki pada 31 Desember dicatat di daftar harta pada akhir tahun ' +
      '(jenis harta: saham) dengan nilai perolehannya, yaitu harga rata-rata kali jumlah lembar, termasuk ' +
      'biaya beli. Nilai pasar pada harga penutupan terakhir tahun itu hanya sebagai keterangan.',
  },
  {
    title: 'Dividen',
    text:
      'Dividen tunai yang sudah dipotong pajak 10 % bersifat final: cantumkan jumlah brutonya dan pajak ' +
      'yang dipotong di bagian penghasilan yang dikenakan PPh final. Dividen itu tidak dipajaki lagi. ' +
      'Dividen yang tidak dipotong pajak karena diinvestasikan kembali masuk ke penghasilan yang bukan objek pajak.',
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
