// The protocol's size bounds, in a module of their own: code that only checks a
// stored record against them (the landing page's Continue list) loads no cryptography.
export const MAX_SEATS = 8;
export const MAX_ENTRY_LENGTH = 1 << 18;
export const MAX_GAME_ID_LENGTH = 128;
