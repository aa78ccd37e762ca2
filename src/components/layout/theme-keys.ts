/** Where the device's theme choice is stored (shared by the inline init script and the toggle). */
export const THEME_STORAGE_KEY = 'telaah:tema';
