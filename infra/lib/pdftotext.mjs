import { aptInstall, which } from './apt.mjs';

/**
 * Poppler's pdftotext reads the signed-form PDFs back in the documents service's tests (what a
 * person would see in the file, not what our code meant to write). Installed with apt (Debian's
 * poppler-utils) when missing, like chromium for the browser walk.
 */
export function ensurePdftotext() {
  const found = which('pdftotext');
  if (found) return found;
  if (!aptInstall(['poppler-utils'], "the documents service's PDF tests")) {
    throw new Error('Could not install poppler-utils with apt-get; install the Debian package `poppler-utils` (pdftotext)');
  }
  const installed = which('pdftotext');
  if (!installed) throw new Error('apt-get installed poppler-utils but pdftotext is not on PATH');
  return installed;
}
