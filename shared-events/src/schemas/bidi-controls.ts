/**
 * The invisible marks that reorder text: embeddings and overrides (U+202A–202E), isolates (U+2066–2069), and the
 * left-to-right, right-to-left and Arabic letter marks. In a file name an override turns 'invoice' + U+202E + 'fdp.exe' into what
 * reads as 'invoiceexe.pdf'; a name needs none of them to show right-to-left text, which stays as it is.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

export const withoutBidiControls = (text: string): string => text.replace(BIDI_CONTROLS, '');
