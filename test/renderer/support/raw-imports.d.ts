// A script (no import/export), so the wildcard declaration is global. Vite's `?raw` gives a file's text.
declare module '*?raw' {
  const text: string
  export default text
}
