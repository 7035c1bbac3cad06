(() => {
  // src/captions.js
  var CAPTION_TAGS = new Map(
    Object.entries({
      a: ["href", "title"],
      b: [],
      strong: [],
      i: [],
      em: [],
      u: [],
      s: [],
      del: [],
      sub: [],
      sup: [],
      small: [],
      code: [],
      span: ["style"],
      br: [],
      p: [],
      ul: [],
      ol: ["start"],
      li: [],
      blockquote: [],
      pre: [],
      hr: [],
      h1: [],
      h2: [],
      h3: [],
      h4: [],
      h5: [],
      h6: []
    })
  );
  var VOID_TAGS = /* @__PURE__ */ new Set(["br", "hr"]);
  var ENTITIES = new Map(Object.entries({ amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\xA0" }));
  var MAXIMUM_DEPTH = 40;
  function safeLink(value) {
    const url = value.trim();
    if (/[\u0000-\u0020]/.test(url))
      return null;
    const beforePath = url.split(/[/?#]/)[0];
    if (!beforePath.includes(":"))
      return url;
    return /^(https?|mailto):/i.test(url) ? url : null;
  }
  function colourOf(style) {
    const match = /^\s*color\s*:\s*(#[0-9a-f]{3}|#[0-9a-f]{6}|[a-z]{1,24})\s*;?\s*$/i.exec(style);
    return match ? match[1] : null;
  }
  function decodeEntities(text) {
    return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,6});/gi, (whole, body) => {
      if (!body.startsWith("#"))
        return ENTITIES.has(body) ? ENTITIES.get(body) : whole;
      const hex = body[1] === "x" || body[1] === "X";
      const code = hex ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
      return code > 0 && code <= 1114111 && (code < 55296 || code > 57343) ? String.fromCodePoint(code) : whole;
    });
  }
  function importMarkup(markup, target) {
    const document2 = target.ownerDocument;
    const stack = [target];
    let last = 0;
    const text = (raw) => {
      if (raw)
        stack[stack.length - 1].appendChild(document2.createTextNode(decodeEntities(raw)));
    };
    for (const match of markup.matchAll(/<(\/?)([a-z][a-z0-9]*)((?:\s+[a-z-]+="[^"<>]*")*)\s*(\/?)>/g)) {
      text(markup.slice(last, match.index));
      last = match.index + match[0].length;
      const name = match[2];
      if (!CAPTION_TAGS.has(name))
        continue;
      if (match[1]) {
        for (let depth = stack.length - 1; depth > 0; depth--) {
          if (stack[depth].localName === name) {
            stack.length = depth;
            break;
          }
        }
        continue;
      }
      const element = document2.createElement(name);
      for (const attribute of match[3].matchAll(/([a-z-]+)="([^"]*)"/g)) {
        allowAttribute(element, attribute[1], decodeEntities(attribute[2]));
      }
      stack[stack.length - 1].appendChild(element);
      if (!VOID_TAGS.has(name) && !match[4] && stack.length < MAXIMUM_DEPTH)
        stack.push(element);
    }
    text(markup.slice(last));
  }
  function allowAttribute(element, name, value) {
    if (!CAPTION_TAGS.get(element.localName).includes(name))
      return;
    if (name === "href") {
      const link = safeLink(value);
      if (link === null)
        return;
      element.setAttribute("href", link);
      element.setAttribute("rel", "noopener noreferrer");
    } else if (name === "style") {
      const colour = colourOf(value);
      if (colour)
        element.style.color = colour;
    } else if (name === "start") {
      if (/^-?[0-9]{1,9}$/.test(value))
        element.setAttribute("start", value);
    } else {
      element.setAttribute(name, value);
    }
  }
  function renderCaption(caption, target) {
    if (!caption || typeof caption !== "object" || !target)
      return;
    const document2 = target.ownerDocument;
    if (caption.style === "markup" && typeof caption.markup === "string") {
      importMarkup(caption.markup, target);
    } else if (caption.style === "custom") {
      const listening = document2.documentElement.hasAttribute("data-vitrine-custom-captions");
      if (listening && caption.custom !== void 0) {
        target.dispatchEvent(new CustomEvent("vitrine:caption", { bubbles: true, detail: caption.custom }));
      }
    } else if (typeof caption.text === "string") {
      for (const paragraph of caption.text.split(/\n{2,}/)) {
        const element = document2.createElement("p");
        element.className = "plain";
        element.textContent = paragraph;
        target.appendChild(element);
      }
    }
  }

  // src/state.js
  var state = {
    // Filled by data/index.js: the settings and the album tree.
    gallery: { albums: [], chunkSize: 500, buckets: 256, viewport: [1920, 1080] },
    albumsByID: {},
    cyclic: false,
    vertical: false,
    gap: 30,
    // The store of data pieces (pieces.js), set by main.js (and by the tests, with a fake loader).
    pieces: null,
    // The album view.
    shownAlbum: null,
    // The viewer: its album, the position shown (-1: closed), the album's count, the cell it was
    // opened from, its pages (the current one and its neighbours) and its size.
    viewerAlbum: null,
    current: -1,
    count: 0,
    openerPosition: null,
    pages: [],
    viewSize: { width: 0, height: 0 },
    // The item the viewer shows, which the info panel describes.
    shownItem: null
  };

  // src/util.js
  function clamp(value, low, high) {
    return Math.min(high, Math.max(low, value));
  }
  function isNumber(value) {
    return typeof value === "number" && Number.isFinite(value);
  }
  function pad4(number) {
    return String(number).padStart(4, "0");
  }

  // src/data.js
  function chunkPath(album, number) {
    return `data/${album.id ? `${album.id}/` : ""}${pad4(number)}.js`;
  }
  function itemAt(album, position) {
    return album.loaded ? album.loaded[position] || null : null;
  }
  function ensureChunk(album, number, callback) {
    state.pieces.load(chunkPath(album, number + 1), (data) => {
      if (data && Array.isArray(data.items)) {
        if (!album.loaded)
          album.loaded = [];
        data.items.forEach((item, offset) => {
          album.loaded[data.start + offset] = item;
        });
      }
      if (callback)
        callback();
    });
  }
  function ensureItems(album, positions, callback) {
    const chunks = /* @__PURE__ */ new Set();
    for (const position of positions) {
      if (position !== null && position >= 0 && position < album.count && !itemAt(album, position)) {
        chunks.add(Math.floor(position / state.gallery.chunkSize));
      }
    }
    if (!chunks.size) {
      callback();
      return;
    }
    let left = chunks.size;
    for (const number of chunks) {
      ensureChunk(album, number, () => {
        left -= 1;
        if (left === 0)
          callback();
      });
    }
  }
  function bucketOf(id, buckets = state.gallery.buckets) {
    const bytes = new TextEncoder().encode(id);
    let hash = 2166136261;
    for (const byte of bytes)
      hash = Math.imul(hash ^ byte, 16777619) >>> 0;
    return `data/ids-${(hash % buckets).toString(16).padStart(2, "0")}.js`;
  }
  function findItem(id, callback) {
    state.pieces.load(bucketOf(id), (data) => {
      const entry = data && Object.prototype.hasOwnProperty.call(data, id) ? data[id] : null;
      const album = entry ? state.albumsByID[entry[0]] : null;
      callback(album || null, album ? entry[1] : null);
    });
  }
  function stepFrom(index, delta, total, cyclic = state.cyclic) {
    if (!total)
      return null;
    const target = index + delta;
    if (cyclic)
      return (target % total + total) % total;
    return target >= 0 && target < total ? target : null;
  }

  // src/dom.js
  function make(tag, className, parent) {
    const element = document.createElement(tag);
    if (className)
      element.className = className;
    if (parent)
      parent.appendChild(element);
    return element;
  }
  function byId(id) {
    return document.getElementById(id);
  }

  // src/items.js
  function siteURL(path) {
    if (typeof path !== "string" || path === "" || path.startsWith("/") || path.includes("\\"))
      return null;
    const parts = path.split("/");
    if (parts.includes(".."))
      return null;
    return parts.map((part) => encodeURIComponent(part)).join("/");
  }
  function aspectOf(item) {
    return isNumber(item.width) && isNumber(item.height) && item.height > 0 ? item.width / item.height : 1;
  }
  function describe(item) {
    return typeof item.alt === "string" ? item.alt : "";
  }
  function renditionSet(item) {
    const list = Array.isArray(item.renditions) ? item.renditions : [];
    const entries = [];
    let smallest = null;
    let largest = null;
    for (const rendition of list) {
      const url = rendition && siteURL(rendition.path);
      if (!url || !isNumber(rendition.width))
        continue;
      entries.push(`${url} ${rendition.width}w`);
      if (!smallest || rendition.width < smallest.width)
        smallest = { url, width: rendition.width };
      if (!largest || rendition.width > largest.width)
        largest = { url, width: rendition.width };
    }
    return entries.length ? { srcset: entries.join(", "), smallest: smallest.url, largest: largest.url } : null;
  }
  function cellLabel(item) {
    let words = describe(item) || item.name || "";
    if (typeof item.durationLabel === "string")
      words += `, video, ${item.durationLabel}`;
    if (item.motion)
      words += ", live photo";
    if (isNumber(item.selection))
      words += `, selected ${item.selection}`;
    return words;
  }
  function counterText(item, index, count) {
    return typeof item.position === "string" && item.position ? item.position : `${index + 1} of ${count}`;
  }
  function countText(total) {
    return total + (total === 1 ? " item" : " items");
  }

  // src/layout.js
  function gridLayout({ count, width, least, gap, padLeft = 0, padTop = 0, padBottom = 0 }) {
    const inner = Math.max(1, width);
    const columns = Math.max(1, Math.floor((inner + gap) / (least + gap)));
    const side = (inner - (columns - 1) * gap) / columns;
    const rows = Math.ceil(count / columns);
    const height = rows ? padTop + padBottom + rows * side + (rows - 1) * gap : 0;
    return { columns, side, left: padLeft, top: padTop, rows, height };
  }
  function cellPlace(layout2, gap, position) {
    const column = position % layout2.columns;
    const row = Math.floor(position / layout2.columns);
    return { left: layout2.left + column * (layout2.side + gap), top: layout2.top + row * (layout2.side + gap), side: layout2.side };
  }
  function visibleRange(layout2, gap, count, scrolled, screen) {
    const rowHeight = layout2.side + gap;
    const firstRow = Math.max(0, Math.floor((scrolled - screen) / rowHeight));
    const lastRow = Math.max(0, Math.floor((scrolled + 2 * screen) / rowHeight));
    const first = Math.min(count - 1, firstRow * layout2.columns);
    const last = Math.min(count - 1, (lastRow + 1) * layout2.columns - 1);
    return { first, last };
  }
  function chunksOf(first, last, chunkSize) {
    const chunks = [];
    for (let chunk = Math.floor(first / chunkSize); chunk <= Math.floor(last / chunkSize); chunk++)
      chunks.push(chunk);
    return chunks;
  }

  // src/info.js
  function infoText(value) {
    if (typeof value === "string" && value)
      return value;
    return isNumber(value) ? String(value) : null;
  }
  function exposureText(exposure) {
    const parts = [];
    if (infoText(exposure.time))
      parts.push(`${exposure.time} s`);
    if (isNumber(exposure.aperture))
      parts.push(`f/${exposure.aperture}`);
    if (isNumber(exposure.iso))
      parts.push(`ISO ${exposure.iso}`);
    if (isNumber(exposure.focalLength)) {
      const equivalent = isNumber(exposure.focalLength35mm) ? ` (${exposure.focalLength35mm} mm in 35 mm)` : "";
      parts.push(`${exposure.focalLength} mm${equivalent}`);
    }
    return parts.length ? parts.join(", ") : null;
  }
  function infoRows(item) {
    const rows = [];
    const add = (label, className, row) => rows.push({ label, className, ...row });
    const text = (label, className, value) => {
      if (value !== null)
        add(label, className, { text: value });
    };
    text("File", "file", infoText(item.name));
    text("Taken", "taken", infoText(item.takenAt));
    const camera = item.camera && typeof item.camera === "object" ? item.camera : {};
    const makeAndModel = [infoText(camera.make), infoText(camera.model)].filter(Boolean).join(" ");
    text("Camera", "camera", infoText(makeAndModel) || infoText(item.camera));
    text("Lens", "lens", infoText(camera.lens) || infoText(item.lens));
    const exposure = item.exposure && typeof item.exposure === "object" ? item.exposure : null;
    text("Exposure", "exposure", exposure ? exposureText(exposure) : infoText(item.exposure));
    text("Dimensions", "dimensions", isNumber(item.width) && isNumber(item.height) ? `${item.width} \xD7 ${item.height}` : null);
    text("Duration", "duration", infoText(item.durationLabel));
    if (item.caption && (item.caption.text || item.caption.markup))
      add("Caption", "caption", { caption: item.caption });
    text("Keywords", "keywords", Array.isArray(item.keywords) && item.keywords.length ? item.keywords.join(", ") : null);
    const downloads = [
      ["Original", "original", item.original, "Download the original"],
      ["RAW", "raw", item.rawOriginal, "Download the RAW file"]
    ];
    for (const [label, className, file, words] of downloads) {
      const href = file && typeof file === "object" ? siteURL(file.path) : null;
      if (href)
        add(label, className, { link: { href, text: words } });
    }
    return rows;
  }
  var viewer = byId("viewer");
  var info = viewer.querySelector(".info");
  var infoList = info.querySelector("dl");
  var infoButton = viewer.querySelector(".info-button");
  function infoShown() {
    return !info.hidden;
  }
  function showInfo(visible) {
    info.hidden = !visible;
    infoButton.setAttribute("aria-expanded", visible ? "true" : "false");
    if (visible)
      fillInfo(state.shownItem);
  }
  infoButton.addEventListener("click", () => showInfo(!infoShown()));
  function fillInfo(item) {
    infoList.textContent = "";
    if (!item)
      return;
    for (const row of infoRows(item)) {
      make("dt", null, infoList).textContent = row.label;
      const cell = make("dd", row.className, infoList);
      if (row.text !== void 0) {
        cell.textContent = row.text;
      } else if (row.caption) {
        renderCaption(row.caption, make("div", null, cell));
      } else {
        const link = make("a", "download", cell);
        link.href = row.link.href;
        link.setAttribute("download", "");
        link.textContent = row.link.text;
      }
    }
  }

  // src/routes.js
  function albumHash(album) {
    return `#/a/${encodeURIComponent(album.id)}`;
  }
  function itemHash(id) {
    return `#/i/${encodeURIComponent(id)}`;
  }
  function decodePart(text) {
    try {
      return decodeURIComponent(text);
    } catch {
      return null;
    }
  }
  function parseRoute(hash) {
    if (hash.startsWith("#/i/"))
      return { kind: "item", id: decodePart(hash.slice(4)) };
    if (hash.startsWith("#/a/"))
      return { kind: "album", id: decodePart(hash.slice(4)) };
    return { kind: "album", id: "" };
  }
  function albumLabel(album, galleryTitle) {
    return album.id ? album.title || album.id : galleryTitle;
  }
  function documentTitle(album, galleryTitle) {
    return album.id ? `${albumLabel(album, galleryTitle)} \u2013 ${galleryTitle}` : galleryTitle;
  }
  function albumChain(album, albumsByID) {
    const chain = [];
    const seen = /* @__PURE__ */ new Set();
    for (let step = album; step && !seen.has(step); step = typeof step.parent === "string" ? albumsByID[step.parent] : null) {
      seen.add(step);
      chain.unshift(step);
    }
    return chain;
  }

  // src/tiles.js
  var TILE_EXTENSIONS = /* @__PURE__ */ new Map([
    ["jpeg", "jpg"],
    ["webp", "webp"],
    ["png", "png"]
  ]);
  function hasDeepZoom(item) {
    const tiles = item.tiles;
    return Boolean(
      tiles && tiles.layout === "dz" && tiles.container === "fs" && typeof tiles.path === "string" && /\.dzi$/.test(tiles.path) && siteURL(tiles.path) && isNumber(tiles.tileSize) && tiles.tileSize > 0 && isNumber(tiles.levels) && tiles.levels > 0 && TILE_EXTENSIONS.has(tiles.format) && isNumber(item.width) && isNumber(item.height)
    );
  }
  function levelSize(item, level) {
    const factor = 2 ** (item.tiles.levels - 1 - level);
    return { width: Math.ceil(item.width / factor), height: Math.ceil(item.height / factor) };
  }
  function levelFor(item, width, pixelRatio) {
    const wanted = width * pixelRatio;
    for (let level = 0; level < item.tiles.levels; level++)
      if (levelSize(item, level).width >= wanted)
        return level;
    return item.tiles.levels - 1;
  }
  function tilesInView(item, box, size, pixelRatio) {
    const tiles = item.tiles;
    const level = levelFor(item, box.width, pixelRatio);
    const levelPixels = levelSize(item, level);
    const scale = box.width / levelPixels.width;
    const step = tiles.tileSize;
    const overlap = tiles.overlap || 0;
    const base = `${siteURL(tiles.path.replace(/\.dzi$/, "_files"))}/${level}/`;
    const extension = TILE_EXTENSIONS.get(tiles.format);
    const left = clamp(-box.left / scale, 0, levelPixels.width);
    const right = clamp((size.width - box.left) / scale, 0, levelPixels.width);
    const top = clamp(-box.top / scale, 0, levelPixels.height);
    const bottom = clamp((size.height - box.top) / scale, 0, levelPixels.height);
    const wanted = /* @__PURE__ */ new Map();
    if (right > left && bottom > top) {
      for (let row = Math.floor(top / step); row * step < bottom; row++) {
        for (let column = Math.floor(left / step); column * step < right; column++) {
          const x = column * step - (column ? overlap : 0);
          const y = row * step - (row ? overlap : 0);
          const width = Math.min(levelPixels.width, (column + 1) * step + overlap) - x;
          const height = Math.min(levelPixels.height, (row + 1) * step + overlap) - y;
          wanted.set(`${base}${column}_${row}.${extension}`, {
            left: box.left + x * scale,
            top: box.top + y * scale,
            width: width * scale,
            height: height * scale
          });
        }
      }
    }
    return { level, wanted };
  }
  function drawTiles(page, box, size) {
    const layer = page.tiles;
    if (page.slot !== 0) {
      layer.textContent = "";
      page.drawn = /* @__PURE__ */ new Map();
      return;
    }
    const { level, wanted } = tilesInView(page.item, box, size, window.devicePixelRatio || 1);
    const drawn = page.drawn || /* @__PURE__ */ new Map();
    for (const [url, tile] of drawn) {
      if (wanted.has(url))
        continue;
      tile.remove();
      drawn.delete(url);
    }
    for (const [url, place] of wanted) {
      let tile = drawn.get(url);
      if (!tile) {
        tile = make("img", null, layer);
        tile.alt = "";
        tile.draggable = false;
        tile.decoding = "async";
        tile.src = url;
        drawn.set(url, tile);
      }
      tile.style.left = `${place.left}px`;
      tile.style.top = `${place.top}px`;
      tile.style.width = `${place.width}px`;
      tile.style.height = `${place.height}px`;
    }
    page.drawn = drawn;
    layer.setAttribute("data-level", String(level));
  }

  // src/zoom.js
  var DEFAULT_VIEWPORT = [1920, 1080];
  var SAME_SCALE = 1e-3;
  function fitScale(item, size) {
    const scale = Math.min(size.width / (item.width || 1), size.height / (item.height || 1));
    return item.zoom && item.zoom.aboveOriginal === true ? scale : Math.min(1, scale);
  }
  function viewportFitScale(item, viewport) {
    const size = Array.isArray(viewport) && viewport.length === 2 ? viewport : DEFAULT_VIEWPORT;
    return fitScale(item, { width: size[0], height: size[1] });
  }
  function zoomRange(item, size, viewport) {
    if (item.kind === "video")
      return { min: 1, max: 1, tap: null };
    const zoom = item.zoom && typeof item.zoom === "object" ? item.zoom : {};
    const fitted = fitScale(item, size);
    const oneToOne = Math.max(1, 1 / fitted);
    const min = isNumber(zoom.minScale) ? clamp(zoom.minScale, 0.05, 1) : 1;
    let max = isNumber(zoom.maxScale) ? zoom.maxScale * viewportFitScale(item, viewport) / fitted : oneToOne;
    if (zoom.aboveOriginal !== true)
      max = Math.min(max, oneToOne);
    max = Math.max(max, 1);
    let tap = null;
    if (zoom.doubleTap !== "none")
      tap = clamp(isNumber(zoom.doubleTapScale) ? zoom.doubleTapScale : Math.min(2, max), min, max);
    return { min, max, tap: tap !== null && Math.abs(tap - 1) > SAME_SCALE ? tap : null };
  }
  function pictureBox(item, view, size) {
    const fitted = fitScale(item, size);
    const width = (item.width || 1) * fitted * view.scale;
    const height = (item.height || 1) * fitted * view.scale;
    const roomX = Math.max(0, (width - size.width) / 2);
    const roomY = Math.max(0, (height - size.height) / 2);
    view.x = clamp(view.x, -roomX, roomX);
    view.y = clamp(view.y, -roomY, roomY);
    return { left: (size.width - width) / 2 + view.x, top: (size.height - height) / 2 + view.y, width, height };
  }
  function zoomView(view, scale, range, px, py) {
    const target = clamp(scale, range.min, range.max);
    const factor = target / view.scale;
    view.x = px - (px - view.x) * factor;
    view.y = py - (py - view.y) * factor;
    view.scale = target;
    return view;
  }
  function toggledScale(view, range) {
    if (range.tap === null && view.scale <= 1 + SAME_SCALE)
      return null;
    return Math.abs(view.scale - 1) > SAME_SCALE ? 1 : range.tap;
  }
  function isZoomed(view, range) {
    return view.scale > range.min + SAME_SCALE;
  }

  // src/stage.js
  function rangeOf(item) {
    return zoomRange(item, state.viewSize, state.gallery.viewport);
  }
  function layoutPage(page) {
    if (page.slot !== 0)
      page.view = { scale: 1, x: 0, y: 0 };
    const box = pictureBox(page.item, page.view, state.viewSize);
    for (const element of [page.placeholder, page.picture, page.video, page.motion]) {
      if (!element)
        continue;
      element.style.left = `${box.left}px`;
      element.style.top = `${box.top}px`;
      element.style.width = `${box.width}px`;
      element.style.height = `${box.height}px`;
    }
    if (page.picture)
      page.picture.sizes = `${Math.ceil(box.width)}px`;
    if (page.tiles)
      drawTiles(page, box, state.viewSize);
    page.element.classList.toggle("zoomed", isZoomed(page.view, rangeOf(page.item)));
  }
  function zoomTo(page, scale, clientX, clientY) {
    if (!page)
      return;
    const rect = page.element.getBoundingClientRect();
    const { width, height } = state.viewSize;
    const px = (isNumber(clientX) ? clientX - rect.left : width / 2) - width / 2;
    const py = (isNumber(clientY) ? clientY - rect.top : height / 2) - height / 2;
    zoomView(page.view, scale, rangeOf(page.item), px, py);
    layoutPage(page);
  }
  function toggleZoom(page, clientX, clientY) {
    if (!page)
      return;
    const scale = toggledScale(page.view, rangeOf(page.item));
    if (scale !== null)
      zoomTo(page, scale, clientX, clientY);
  }
  function zoomToward(page, direction) {
    if (!page)
      return;
    const range = rangeOf(page.item);
    zoomTo(page, direction === "in" ? range.tap || range.max : 1);
  }

  // src/media.js
  function unplayableText(files) {
    return `This browser cannot play this video (${files.map((file) => file.type).join(", ")}).`;
  }
  function activatePage(page, active) {
    if (page.item.motion)
      activateMotion(page, active);
    if (page.item.kind !== "video")
      return;
    const files = page.item.videos || [];
    if (active && files.length && !page.video && !page.unplayable) {
      const video = make("video", "video", page.stage);
      if (!addSources(video, files)) {
        video.remove();
        page.unplayable = make("p", "unplayable", page.stage);
        page.unplayable.setAttribute("role", "status");
        page.unplayable.textContent = unplayableText(files);
        return;
      }
      video.controls = true;
      video.playsInline = true;
      video.preload = "metadata";
      const set = renditionSet(page.item);
      if (set)
        video.poster = set.largest;
      video.setAttribute("aria-label", describe(page.item));
      page.video = video;
      layoutPage(page);
    } else if (!active) {
      retirePage(page);
    }
  }
  function addSources(video, files) {
    const playable = files.filter((file) => !file.type || video.canPlayType(file.type) !== "");
    for (const file of playable) {
      const source = document.createElement("source");
      source.src = siteURL(file.path);
      if (file.type)
        source.type = file.type;
      video.appendChild(source);
    }
    return playable.length;
  }
  function unloadVideo(video) {
    video.pause();
    while (video.firstChild)
      video.removeChild(video.firstChild);
    video.load();
    video.remove();
  }
  function activateMotion(page, active) {
    if (!active) {
      if (page.motion) {
        unloadVideo(page.motion);
        page.motionControl.remove();
        page.motion = null;
        page.motionControl = null;
      }
      return;
    }
    if (page.motion)
      return;
    const video = document.createElement("video");
    if (!addSources(video, page.item.motion))
      return;
    video.className = "motion";
    video.muted = true;
    video.playsInline = true;
    video.preload = "auto";
    video.hidden = true;
    video.setAttribute("aria-hidden", "true");
    page.stage.appendChild(video);
    const control = make("button", "motion-control", page.element);
    control.type = "button";
    control.textContent = "Live";
    control.setAttribute("aria-pressed", "false");
    control.setAttribute("aria-label", "Play the moving picture");
    page.motion = video;
    page.motionControl = control;
    let held = false;
    const play = () => {
      video.hidden = false;
      control.setAttribute("aria-pressed", "true");
      video.currentTime = 0;
      const started = video.play();
      if (started?.catch)
        started.catch(() => {
        });
    };
    const stop = () => {
      video.pause();
      video.hidden = true;
      control.setAttribute("aria-pressed", "false");
    };
    video.addEventListener("ended", stop);
    control.addEventListener("click", () => video.hidden ? play() : stop());
    page.stage.addEventListener("pointerenter", (event) => {
      if (event.pointerType === "mouse")
        play();
    });
    page.stage.addEventListener("pointerleave", (event) => {
      if (event.pointerType === "mouse" && !held)
        stop();
    });
    page.stage.addEventListener("pointerdown", (event) => {
      if (event.pointerType === "mouse")
        return;
      held = true;
      play();
    });
    for (const name of ["pointerup", "pointercancel"]) {
      page.stage.addEventListener(name, (event) => {
        if (event.pointerType === "mouse" || !held)
          return;
        held = false;
        stop();
      });
    }
    layoutPage(page);
  }
  function retirePage(page) {
    if (page.unplayable) {
      page.unplayable.remove();
      page.unplayable = null;
    }
    if (page.video) {
      unloadVideo(page.video);
      page.video = null;
    }
  }

  // src/thumbhash.js
  function thumbHashBytes(base64) {
    const text = atob(base64);
    const bytes = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++)
      bytes[i] = text.charCodeAt(i);
    return bytes;
  }
  function decodeThumbHash(hash) {
    const head = hash[0] | hash[1] << 8 | hash[2] << 16;
    const tail = hash[3] | hash[4] << 8;
    const alpha = head >> 23 & 1;
    const landscape = tail >> 15 & 1;
    const storedX = landscape ? alpha ? 5 : 7 : tail & 7;
    const storedY = landscape ? tail & 7 : alpha ? 5 : 7;
    const lx = Math.max(3, storedX);
    const ly = Math.max(3, storedY);
    let nibble = 0;
    const first = alpha ? 6 : 5;
    function terms(nx, ny, scale) {
      const list = [];
      for (let cy = 0; cy < ny; cy++) {
        for (let cx = cy ? 0 : 1; cx * ny < nx * (ny - cy); cx++) {
          const value = hash[first + (nibble >> 1)] >> ((nibble & 1) << 2) & 15;
          nibble++;
          list.push([cx, cy, (value / 7.5 - 1) * scale]);
        }
      }
      return list;
    }
    const channels = [
      { base: (head & 63) / 63, terms: terms(lx, ly, (head >> 18 & 31) / 31) },
      { base: (head >> 6 & 63) / 31.5 - 1, terms: terms(3, 3, (tail >> 3 & 63) / 63 * 1.25) },
      { base: (head >> 12 & 63) / 31.5 - 1, terms: terms(3, 3, (tail >> 9 & 63) / 63 * 1.25) },
      { base: alpha ? (hash[5] & 15) / 15 : 1, terms: alpha ? terms(5, 5, (hash[5] >> 4) / 15) : [] }
    ];
    const ratio = storedX / storedY;
    const width = Math.round(ratio > 1 ? 32 : 32 * ratio);
    const height = Math.round(ratio > 1 ? 32 / ratio : 32);
    const rgba = new Uint8ClampedArray(width * height * 4);
    const values = [0, 0, 0, 0];
    for (let y = 0, i = 0; y < height; y++) {
      for (let x = 0; x < width; x++, i += 4) {
        for (let c = 0; c < 4; c++) {
          let sum = channels[c].base;
          for (const term of channels[c].terms) {
            sum += term[2] * Math.cos(Math.PI / width * (x + 0.5) * term[0]) * Math.cos(Math.PI / height * (y + 0.5) * term[1]) * 2;
          }
          values[c] = sum;
        }
        const l = values[0];
        const p = values[1];
        const q = values[2];
        const b = l - 2 / 3 * p;
        const r = (3 * l - b + q) / 2;
        const g = r - q;
        rgba[i] = Math.max(0, Math.min(1, r) * 255);
        rgba[i + 1] = Math.max(0, Math.min(1, g) * 255);
        rgba[i + 2] = Math.max(0, Math.min(1, b) * 255);
        rgba[i + 3] = Math.max(0, Math.min(1, values[3]) * 255);
      }
    }
    return { width, height, rgba };
  }
  function placeholderCanvas(item, className) {
    const hash = item.placeholder;
    if (typeof hash !== "string")
      return null;
    try {
      const decoded = decodeThumbHash(thumbHashBytes(hash));
      const canvas = make("canvas", className);
      canvas.width = decoded.width;
      canvas.height = decoded.height;
      canvas.setAttribute("aria-hidden", "true");
      canvas.getContext("2d").putImageData(new ImageData(decoded.rgba, decoded.width, decoded.height), 0, 0);
      return canvas;
    } catch {
      return null;
    }
  }

  // src/viewer.js
  var viewer2 = byId("viewer");
  var strip = viewer2.querySelector(".strip");
  var counter = viewer2.querySelector(".counter");
  var closeButton = viewer2.querySelector(".close");
  var prevButton = viewer2.querySelector(".prev");
  var nextButton = viewer2.querySelector(".next");
  var LOOK_AHEAD = 8;
  function isViewerOpen() {
    return !viewer2.hidden;
  }
  function dropPages() {
    for (const page of state.pages) {
      retirePage(page);
      page.element.remove();
    }
    state.pages = [];
  }
  function openViewer(album, position, from) {
    state.viewerAlbum = album;
    state.count = album.count;
    state.openerPosition = from ? position : null;
    viewer2.hidden = false;
    document.body.classList.add("viewing");
    measureViewer();
    dropPages();
    show(position, 0);
    viewer2.focus();
  }
  function closeViewer() {
    if (viewer2.hidden)
      return;
    const last = state.current;
    viewer2.hidden = true;
    document.body.classList.remove("viewing");
    dropPages();
    state.current = -1;
    showInfo(false);
    if (state.viewerAlbum === state.shownAlbum && last >= 0) {
      const cell = cellAt(state.openerPosition !== null ? state.openerPosition : last);
      if (cell)
        cell.focus({ preventScroll: state.openerPosition !== null });
    }
  }
  function measureViewer() {
    state.viewSize = { width: viewer2.clientWidth || window.innerWidth, height: viewer2.clientHeight || window.innerHeight };
  }
  function pageStep() {
    return (state.vertical ? state.viewSize.height : state.viewSize.width) + state.gap;
  }
  function translation(offset) {
    return state.vertical ? `translate3d(0,${offset}px,0)` : `translate3d(${offset}px,0,0)`;
  }
  function setStrip(offset, animated) {
    strip.classList.toggle("moving", Boolean(animated));
    strip.style.transform = translation(offset);
  }
  function show(index, delta) {
    const album = state.viewerAlbum;
    const count = state.count;
    ensureItems(album, [stepFrom(index, -1, count), index, stepFrom(index, 1, count)], () => {
      if (album === state.viewerAlbum && !viewer2.hidden)
        showLoaded(index, delta);
    });
    const ahead = stepFrom(index, LOOK_AHEAD * (delta || 1), count);
    if (ahead !== null)
      ensureItems(album, [ahead], () => {
      });
  }
  function reusablePage(position, kept) {
    for (let i = state.pages.length - 1; i >= 0; i--) {
      const page = state.pages[i];
      if (page.index === position && !kept.includes(page))
        return page;
    }
    return null;
  }
  function showLoaded(index, delta) {
    const count = state.count;
    let wanted = [
      [-1, stepFrom(index, -1, count)],
      [0, index],
      [1, stepFrom(index, 1, count)]
    ];
    if (count === 1 || count === 2 && state.cyclic)
      wanted = [[0, index]].concat(count === 2 ? [[1, stepFrom(index, 1, count)]] : []);
    const kept = [];
    for (const [slot, position] of wanted) {
      if (position === null)
        continue;
      const page = reusablePage(position, kept) || makePage(position);
      page.slot = slot;
      kept.push(page);
    }
    for (const page of state.pages) {
      if (kept.includes(page))
        continue;
      retirePage(page);
      page.element.remove();
    }
    state.pages = kept;
    state.current = index;
    for (const page of kept) {
      placePage(page);
      activatePage(page, page.slot === 0);
    }
    const item = itemAt(state.viewerAlbum, index);
    counter.textContent = counterText(item, index, count);
    prevButton.disabled = stepFrom(index, -1, count) === null;
    nextButton.disabled = stepFrom(index, 1, count) === null;
    itemShown(item);
    if (delta) {
      setStrip(delta * pageStep(), false);
      strip.getBoundingClientRect();
      setStrip(0, true);
    } else {
      setStrip(0, false);
    }
  }
  function go(delta) {
    const target = state.current < 0 ? null : stepFrom(state.current, delta, state.count);
    if (target === null) {
      setStrip(0, true);
      return false;
    }
    show(target, delta);
    return true;
  }
  function placePage(page) {
    page.element.style.width = `${state.viewSize.width}px`;
    page.element.style.height = `${state.viewSize.height}px`;
    page.element.style.transform = translation(page.slot * pageStep());
    page.element.setAttribute("data-slot", String(page.slot));
    page.element.setAttribute("aria-hidden", page.slot === 0 ? "false" : "true");
    layoutPage(page);
  }
  function makePage(index) {
    const item = itemAt(state.viewerAlbum, index);
    const element = make("figure", "page", strip);
    element.setAttribute("data-index", String(index));
    const stage = make("div", "stage", element);
    const page = { index, item, element, stage, slot: 0, view: { scale: 1, x: 0, y: 0 }, picture: null, video: null, tiles: null };
    const placeholder = placeholderCanvas(item, "placeholder");
    if (placeholder) {
      stage.appendChild(placeholder);
      page.placeholder = placeholder;
    }
    const set = renditionSet(item);
    if (set) {
      const picture = make("img", "picture", stage);
      picture.alt = describe(item);
      picture.decoding = "async";
      picture.draggable = false;
      picture.sizes = "100vw";
      picture.srcset = set.srcset;
      picture.src = set.largest;
      page.picture = picture;
    }
    if (hasDeepZoom(item))
      page.tiles = make("div", "tiles", stage);
    const caption = make("figcaption", null, element);
    if (typeof item.title === "string" && item.title)
      make("h2", null, caption).textContent = item.title;
    renderCaption(item.caption, caption);
    return page;
  }
  function currentPage() {
    return state.pages.find((page) => page.slot === 0) || null;
  }
  prevButton.addEventListener("click", () => go(-1));
  nextButton.addEventListener("click", () => go(1));
  closeButton.addEventListener("click", leaveViewer);
  function handleKey(event) {
    const inVideo = event.target && event.target.tagName === "VIDEO";
    switch (event.key) {
      case "Escape":
        if (infoShown())
          showInfo(false);
        else
          leaveViewer();
        return true;
      case "i":
      case "I":
        showInfo(!infoShown());
        return true;
      case "ArrowRight":
      case "ArrowDown":
      case "PageDown":
        if (inVideo)
          return false;
        go(1);
        return true;
      case "ArrowLeft":
      case "ArrowUp":
      case "PageUp":
        if (inVideo)
          return false;
        go(-1);
        return true;
      case "+":
      case "=":
        zoomToward(currentPage(), "in");
        return true;
      case "-":
        zoomToward(currentPage(), "out");
        return true;
      default:
        return false;
    }
  }
  document.addEventListener("keydown", (event) => {
    if (viewer2.hidden || event.altKey || event.ctrlKey || event.metaKey)
      return;
    if (event.key === "Tab")
      keepFocusInside(event);
    else if (handleKey(event))
      event.preventDefault();
  });
  function keepFocusInside(event) {
    const focusable = [...viewer2.querySelectorAll("button, a[href], video[controls]")].filter(
      (element) => !element.disabled && element.getClientRects().length && !element.closest('[aria-hidden="true"]')
    );
    if (!focusable.length)
      return;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && (document.activeElement === first || document.activeElement === viewer2)) {
      last.focus();
      event.preventDefault();
    } else if (!event.shiftKey && document.activeElement === last) {
      first.focus();
      event.preventDefault();
    }
  }
  function resizeViewer() {
    if (viewer2.hidden)
      return;
    measureViewer();
    for (const page of state.pages)
      placePage(page);
  }

  // src/navigation.js
  function itemShown(item) {
    state.shownItem = item;
    if (infoShown())
      fillInfo(item);
    const hash = itemHash(item.id);
    if (location.hash !== hash)
      history.replaceState(history.state, "", hash);
  }
  function rememberScroll() {
    const saved = history.state && typeof history.state === "object" ? history.state : {};
    history.replaceState({ scroll: window.scrollY, fromAlbum: saved.fromAlbum === true }, "", location.href);
  }
  function openItem(album, position, cell) {
    const item = itemAt(album, position);
    if (!item)
      return;
    rememberScroll();
    history.pushState({ scroll: window.scrollY, fromAlbum: true }, "", itemHash(item.id));
    openViewer(album, position, cell);
  }
  function leaveViewer() {
    if (history.state && history.state.fromAlbum === true) {
      history.back();
      return;
    }
    const album = state.viewerAlbum;
    closeViewer();
    if (album)
      history.replaceState({ scroll: window.scrollY }, "", albumHash(album));
  }
  function route() {
    const scroll = history.state && isNumber(history.state.scroll) ? history.state.scroll : null;
    const wanted = parseRoute(location.hash);
    const root = state.albumsByID[""];
    if (wanted.kind === "item") {
      const id = wanted.id;
      if (isViewerOpen() && state.shownItem && state.shownItem.id === id)
        return;
      findItem(id, (album2, position) => {
        if (!album2) {
          closeViewer();
          showView(root, null);
          say(`No item ${id} in this gallery.`);
          return;
        }
        showView(album2, scroll);
        ensureItems(album2, [position], () => openViewer(album2, position, null));
      });
      return;
    }
    closeViewer();
    const album = state.albumsByID[wanted.id];
    showView(album || root, scroll);
    if (!album)
      say(`No album ${wanted.id} in this gallery.`);
  }
  function showView(album, scroll) {
    if (album !== state.shownAlbum)
      showAlbum(album);
    window.scrollTo(0, scroll === null ? 0 : scroll);
    renderGrid();
  }
  function followHistory() {
    if ("scrollRestoration" in history)
      history.scrollRestoration = "manual";
    document.addEventListener("click", (event) => {
      const link = event.target?.closest ? event.target.closest('a[href^="#/"]') : null;
      if (!link || event.defaultPrevented || event.button !== 0)
        return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
        return;
      event.preventDefault();
      rememberScroll();
      history.pushState({ scroll: 0 }, "", link.getAttribute("href"));
      route();
    });
    window.addEventListener("popstate", route);
  }

  // src/grid.js
  var crumbs = byId("breadcrumbs");
  var albumTitle = byId("album-title");
  var albumDescription = byId("album-description");
  var albumList = byId("albums");
  var grid = byId("grid");
  var statusLine = byId("status");
  var DEFAULT_CELL = 180;
  var gridCells = /* @__PURE__ */ new Map();
  var layout = { columns: 1, side: DEFAULT_CELL, left: 16, top: 16 };
  function say(text) {
    statusLine.hidden = !text;
    statusLine.textContent = text || "";
  }
  function showAlbum(album) {
    state.shownAlbum = album;
    const title = state.gallery.title;
    document.title = documentTitle(album, title);
    crumbs.textContent = "";
    const chain = albumChain(album, state.albumsByID);
    if (chain.length > 1) {
      const trail = make("ol", null, crumbs);
      chain.forEach((entry, index) => {
        const crumb = make("li", null, trail);
        if (index === chain.length - 1) {
          crumb.textContent = albumLabel(entry, title);
          crumb.setAttribute("aria-current", "page");
        } else {
          const link = make("a", null, crumb);
          link.href = albumHash(entry);
          link.textContent = albumLabel(entry, title);
        }
      });
    }
    albumTitle.textContent = album.id ? albumLabel(album, title) : "";
    albumDescription.textContent = "";
    renderCaption(album.description, albumDescription);
    albumList.textContent = "";
    for (const id of album.children)
      if (state.albumsByID[id])
        makeAlbumCover(state.albumsByID[id]);
    albumList.hidden = !album.children.length;
    for (const entry of gridCells.values())
      entry.li.remove();
    gridCells = /* @__PURE__ */ new Map();
    say(!album.count && !album.children.length ? "This gallery has no items." : "");
    layoutGrid();
    renderGrid();
  }
  function lazyImage(parent, set, alt, sizes) {
    const image = make("img", null, parent);
    image.alt = alt;
    image.loading = "lazy";
    image.decoding = "async";
    image.addEventListener("load", () => image.classList.add("loaded"));
    image.sizes = sizes;
    image.srcset = set.srcset;
    image.src = set.smallest;
    return image;
  }
  function makeAlbumCover(album) {
    const link = make("a", "album-cover", make("li", null, albumList));
    link.href = albumHash(album);
    link.setAttribute("data-album", album.id);
    const frame = make("span", "cover", link);
    const cover = album.cover;
    if (cover) {
      const placeholder = placeholderCanvas(cover, "placeholder");
      if (placeholder)
        frame.appendChild(placeholder);
      const set = renditionSet(cover);
      if (set)
        lazyImage(frame, set, "", "240px");
    }
    make("span", "album-name", link).textContent = albumLabel(album, state.gallery.title);
    make("span", "album-count", link).textContent = countText(album.total);
  }
  function layoutGrid() {
    const album = state.shownAlbum;
    if (!album)
      return;
    const style = getComputedStyle(grid);
    const padLeft = Number.parseFloat(style.paddingLeft) || 0;
    const padRight = Number.parseFloat(style.paddingRight) || 0;
    const least = Number.parseFloat(getComputedStyle(document.documentElement).getPropertyValue("--cell")) || DEFAULT_CELL;
    layout = gridLayout({
      count: album.count,
      width: grid.clientWidth - padLeft - padRight,
      least,
      gap: state.gap,
      padLeft,
      padTop: Number.parseFloat(style.paddingTop) || 0,
      padBottom: Number.parseFloat(style.paddingBottom) || 0
    });
    grid.style.height = `${layout.height}px`;
    for (const [position, entry] of gridCells)
      placeCell(entry, position);
  }
  function placeCell(entry, position) {
    const place = cellPlace(layout, state.gap, position);
    entry.li.style.left = `${place.left}px`;
    entry.li.style.top = `${place.top}px`;
    entry.li.style.width = `${place.side}px`;
    entry.li.style.height = `${place.side}px`;
    if (entry.image)
      entry.image.sizes = `${Math.ceil(place.side * Math.max(1, aspectOf(entry.item)))}px`;
  }
  var renderQueued = false;
  function queueRender() {
    if (renderQueued)
      return;
    renderQueued = true;
    requestAnimationFrame(() => {
      renderQueued = false;
      renderGrid();
    });
  }
  function renderGrid() {
    const album = state.shownAlbum;
    if (!album || !album.count)
      return;
    const scrolled = -grid.getBoundingClientRect().top - layout.top;
    const { first, last } = visibleRange(layout, state.gap, album.count, scrolled, window.innerHeight || 800);
    for (const [position, entry] of gridCells) {
      if (position >= first && position <= last)
        continue;
      if (entry.li.contains(document.activeElement))
        continue;
      entry.li.remove();
      gridCells.delete(position);
    }
    let waiting = false;
    for (let position = first; position <= last; position++) {
      if (gridCells.has(position))
        continue;
      const item = itemAt(album, position);
      if (item)
        gridCells.set(position, makeCell(album, position, item));
      else
        waiting = true;
    }
    if (!waiting)
      return;
    for (const chunk of chunksOf(first, last, state.gallery.chunkSize)) {
      ensureChunk(album, chunk, () => {
        if (album === state.shownAlbum)
          queueRender();
      });
    }
  }
  function badge(cell, className, text) {
    const element = make("span", `badge ${className}`, cell);
    element.textContent = text;
    element.setAttribute("aria-hidden", "true");
  }
  function makeCell(album, position, item) {
    const li = make("li", null, grid);
    const cell = make("button", "cell", li);
    cell.type = "button";
    cell.setAttribute("data-index", String(position));
    cell.setAttribute("aria-label", cellLabel(item));
    const placeholder = placeholderCanvas(item, "placeholder");
    if (placeholder)
      cell.appendChild(placeholder);
    const set = renditionSet(item);
    const image = set ? lazyImage(cell, set, describe(item), "200px") : null;
    if (!set && !placeholder)
      make("span", "missing", cell).textContent = describe(item) || item.name || "";
    if (typeof item.durationLabel === "string")
      badge(cell, "duration", item.durationLabel);
    if (item.motion)
      badge(cell, "live", "Live");
    if (isNumber(item.selection))
      badge(cell, "selection", String(item.selection));
    cell.addEventListener("click", () => openItem(album, position, cell));
    const entry = { li, cell, image, item };
    placeCell(entry, position);
    return entry;
  }
  function cellAt(position) {
    let entry = gridCells.get(position);
    const item = state.shownAlbum ? itemAt(state.shownAlbum, position) : null;
    if (!entry && item) {
      entry = makeCell(state.shownAlbum, position, item);
      gridCells.set(position, entry);
    }
    return entry ? entry.cell : null;
  }
  window.addEventListener("scroll", queueRender, { passive: true });

  // src/pieces.js
  function createPieces(loadScript) {
    const entries = /* @__PURE__ */ new Map();
    function entryOf(path) {
      let entry = entries.get(path);
      if (!entry) {
        entry = { waiting: [], done: false, requested: false, data: null };
        entries.set(path, entry);
      }
      return entry;
    }
    function receive(path, data) {
      const entry = entryOf(path);
      entry.data = data;
      entry.done = true;
      const waiting = entry.waiting;
      entry.waiting = [];
      for (const callback of waiting)
        callback(data);
    }
    function load(path, callback) {
      const entry = entryOf(path);
      if (entry.done) {
        if (callback)
          callback(entry.data);
        return;
      }
      if (callback)
        entry.waiting.push(callback);
      if (entry.requested)
        return;
      entry.requested = true;
      loadScript(path, () => receive(path, null));
    }
    return { receive, load };
  }
  function scriptLoader(urlOf) {
    return (path, failed) => {
      const script = document.createElement("script");
      script.src = urlOf(path);
      script.async = true;
      script.addEventListener("error", failed);
      document.head.appendChild(script);
    };
  }

  // src/gestures.js
  var DOUBLE_TAP_INTERVAL = 300;
  var DOUBLE_TAP_DISTANCE = 30;
  var TAP_SLOP = 10;
  var SWIPE_DISTANCE = 80;
  var SWIPE_SHARE = 0.15;
  function createGestures() {
    const pointers = /* @__PURE__ */ new Map();
    let gesture = null;
    let lastTap = null;
    function down(event, view, zoomed) {
      const { clientX: x, clientY: y } = event;
      pointers.set(event.pointerId, { x, y, startX: x, startY: y });
      const list = [...pointers.values()];
      if (list.length === 2) {
        const distance = Math.hypot(list[0].x - list[1].x, list[0].y - list[1].y) || 1;
        gesture = { kind: "pinch", distance, scale: view.scale, moved: 0 };
      } else if (list.length === 1) {
        gesture = { kind: zoomed ? "pan" : "swipe", x: view.x, y: view.y, moved: 0 };
      }
      return gesture ? gesture.kind : null;
    }
    function move(event, vertical) {
      const pointer = pointers.get(event.pointerId);
      if (!pointer || !gesture)
        return null;
      pointer.x = event.clientX;
      pointer.y = event.clientY;
      const dx = pointer.x - pointer.startX;
      const dy = pointer.y - pointer.startY;
      gesture.moved = Math.max(gesture.moved, Math.hypot(dx, dy));
      if (gesture.kind === "pinch") {
        const list = [...pointers.values()];
        if (list.length < 2)
          return null;
        const distance = Math.hypot(list[0].x - list[1].x, list[0].y - list[1].y);
        const scale = gesture.scale * distance / gesture.distance;
        return { kind: "pinch", scale, x: (list[0].x + list[1].x) / 2, y: (list[0].y + list[1].y) / 2 };
      }
      if (gesture.kind === "pan")
        return { kind: "pan", x: gesture.x + dx, y: gesture.y + dy };
      return { kind: "drag", along: vertical ? dy : dx };
    }
    function up(event, vertical, extent2) {
      const pointer = pointers.get(event.pointerId);
      if (!pointer)
        return [];
      pointers.delete(event.pointerId);
      if (!gesture)
        return [];
      const finished = gesture;
      gesture = null;
      if (finished.kind === "pinch")
        return [];
      const actions = [];
      if (finished.kind === "swipe") {
        const along = vertical ? pointer.y - pointer.startY : pointer.x - pointer.startX;
        if (Math.abs(along) > Math.min(SWIPE_DISTANCE, extent2 * SWIPE_SHARE))
          actions.push({ kind: "step", delta: along < 0 ? 1 : -1 });
        else
          actions.push({ kind: "settle" });
      }
      if (event.pointerType !== "mouse" && finished.moved < TAP_SLOP && event.type === "pointerup") {
        const { clientX: x, clientY: y, timeStamp: time } = event;
        if (lastTap && time - lastTap.time < DOUBLE_TAP_INTERVAL && Math.hypot(x - lastTap.x, y - lastTap.y) < DOUBLE_TAP_DISTANCE) {
          actions.push({ kind: "doubleTap", x, y });
          lastTap = null;
        } else {
          lastTap = { time, x, y };
        }
      }
      return actions;
    }
    return { down, move, up };
  }

  // src/pointer.js
  var EDGE_RESISTANCE = 3;
  var WHEEL_RATE = 25e-4;
  var WHEEL_LINE = 16;
  var gestures = createGestures();
  var gesturePage = null;
  var lastPointerType = null;
  function ignoresGestures(target) {
    return Boolean(target?.closest?.("button, a, video, figcaption"));
  }
  function extent() {
    return state.vertical ? state.viewSize.height : state.viewSize.width;
  }
  viewer2.addEventListener("pointerdown", (event) => {
    lastPointerType = event.pointerType;
    if (event.button !== 0 || ignoresGestures(event.target))
      return;
    const page = currentPage();
    if (!page)
      return;
    gestures.down(event, page.view, isZoomed(page.view, rangeOf(page.item)));
    gesturePage = page;
    try {
      viewer2.setPointerCapture(event.pointerId);
    } catch {
    }
  });
  viewer2.addEventListener("pointermove", (event) => {
    const action = gestures.move(event, state.vertical);
    if (!action || !gesturePage)
      return;
    if (action.kind === "pinch") {
      zoomTo(gesturePage, action.scale, action.x, action.y);
    } else if (action.kind === "pan") {
      gesturePage.view.x = action.x;
      gesturePage.view.y = action.y;
      layoutPage(gesturePage);
    } else {
      const edge = stepFrom(state.current, action.along < 0 ? 1 : -1, state.count) === null;
      setStrip(edge ? action.along / EDGE_RESISTANCE : action.along, false);
    }
  });
  function endPointer(event) {
    const page = gesturePage;
    for (const action of gestures.up(event, state.vertical, extent())) {
      if (action.kind === "step")
        go(action.delta);
      else if (action.kind === "settle")
        setStrip(0, true);
      else if (action.kind === "doubleTap")
        toggleZoom(page, action.x, action.y);
    }
  }
  viewer2.addEventListener("pointerup", endPointer);
  viewer2.addEventListener("pointercancel", endPointer);
  viewer2.addEventListener("dblclick", (event) => {
    if (ignoresGestures(event.target))
      return;
    event.preventDefault();
    if (lastPointerType === "touch" || lastPointerType === "pen")
      return;
    toggleZoom(currentPage(), event.clientX, event.clientY);
  });
  viewer2.addEventListener(
    "wheel",
    (event) => {
      const page = currentPage();
      if (!page || ignoresGestures(event.target))
        return;
      event.preventDefault();
      const delta = event.deltaMode === 1 ? event.deltaY * WHEEL_LINE : event.deltaY;
      zoomTo(page, page.view.scale * Math.exp(-delta * WHEEL_RATE), event.clientX, event.clientY);
    },
    { passive: false }
  );

  // src/main.js
  function applyIndex(index) {
    if (!index || !Array.isArray(index.albums) || !index.albums.length)
      return false;
    state.gallery = index;
    state.albumsByID = /* @__PURE__ */ Object.create(null);
    for (const album of index.albums) {
      if (!Array.isArray(album.children))
        album.children = [];
      album.count = isNumber(album.count) ? album.count : 0;
      state.albumsByID[album.id] = album;
    }
    if (!state.albumsByID[""])
      state.albumsByID[""] = index.albums[0];
    state.cyclic = index.cyclic === true;
    state.vertical = index.direction === "vertical";
    state.gap = isNumber(index.gap) && index.gap >= 0 ? index.gap : 30;
    if (!isNumber(index.chunkSize) || index.chunkSize < 1)
      index.chunkSize = 500;
    if (!isNumber(index.buckets) || index.buckets < 1)
      index.buckets = 256;
    return true;
  }
  function start(index) {
    if (applyIndex(index)) {
      document.documentElement.style.setProperty("--gap", `${state.gap}px`);
      if (state.vertical)
        viewer2.classList.add("vertical");
      route();
    } else {
      say("The gallery\u2019s data (data/index.js) could not be read.");
    }
    document.documentElement.setAttribute("data-vitrine-ready", "true");
  }
  state.pieces = createPieces(scriptLoader(siteURL));
  window.vitrinePiece = state.pieces.receive;
  window.addEventListener("resize", () => {
    layoutGrid();
    queueRender();
    resizeViewer();
  });
  followHistory();
  state.pieces.load("data/index.js", start);
})();
