/**
 * NODE_OPTIONS as they are, plus `--import` of a preload module, for the Node processes started
 * with them. The module is named by its file URL, so a folder with a space in it still parses.
 */
export function withPreload(preload: URL, nodeOptions = process.env.NODE_OPTIONS): string {
  return [nodeOptions, `--import=${preload.href}`].filter(Boolean).join(" ");
}
