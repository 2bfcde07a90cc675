/** @tesseract.js-data/eng ships no types: where its trained data lies, and how it is packed. */
declare module '@tesseract.js-data/eng' {
  const data: { code: string; gzip: boolean; langPath: string };
  export default data;
}
