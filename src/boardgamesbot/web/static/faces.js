// Each game's face in the browser, as /api/games declares it: the game's own module
// (import()ed from its package, served at /games/<name>/), its styles and its words; a
// game that declares no module plays on the generic table screen (generic.js).
import * as generic from "./generic.js";
import { LANGUAGES, mergeCatalog } from "./i18n.js";

const faces = new Map();
let markLoaded;
/** Settles once every game's face is loaded (a table waits for it; the lobby does not). */
export const facesLoaded = new Promise((resolve) => { markLoaded = resolve; });
let loaded = false;

/** Are the games' faces loaded (else a table shows "loading" and waits for facesLoaded)? */
export const facesReady = () => loaded;

/** Load every game's face (module, styles, catalog); call once, after /api/games. */
export async function loadFaces(games) {
  await Promise.all(games.map(async (game) => {
    const face = game.face;
    if (!face) {
      faces.set(game.name, generic);
      return;
    }
    const base = `/games/${encodeURIComponent(game.name)}/`;
    for (const sheet of face.styles || []) {
      document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href: base + sheet }));
    }
    const words = face.catalog ? LANGUAGES.map(async (lang) => {
      const response = await fetch(`${base}${face.catalog}/${lang}.json`);
      if (response.ok) mergeCatalog(lang, await response.json());
    }) : [];
    const [module] = await Promise.all([face.module ? import(base + face.module) : generic, ...words]);
    // What a game's module leaves out, the generic face supplies.
    faces.set(game.name, { ...generic, ...module });
  }));
  loaded = true;
  markLoaded();
}

/** The face of game `name` (the generic one for a game this page does not know). */
export function faceOf(name) {
  return faces.get(name) || generic;
}
