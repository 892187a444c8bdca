/** Modules that the build's plugins make (`build/`). */
declare module 'virtual:antd-styles' {
  /** The URL of antd's extracted stylesheet in a production build; `null` where antd styles at runtime. */
  const antdStylesUrl: string | null;
  export default antdStylesUrl;
}
