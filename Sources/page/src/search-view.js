// The search's view: a box in the header (the script builds it in the element with id `search`,
// which the default header block holds; a theme's header without one has no search, and `/`
// does nothing), its filters as selects with counts, and its results shown as an album is, with
// their own URL, `#/s/?q=…&year=…`. `/` focuses the box; Enter opens the first result; the count
// is announced (role status). What is typed is only ever text (textContent, an input's value).
import { ensureChunk, ensureItems, findItem, itemAt } from './data.js';
import { byId, make } from './dom.js';
import { say } from './grid.js';
import { navigate, openItem } from './navigation.js';
import { albumChain, albumLabel, itemHash, parseRoute, searchHash } from './routes.js';
import { runSearch } from './search.js';
import { FILTER_NAMES, filtersFrom } from './search-facets.js';
import { prefetchRecords, RESULTS_CHUNK, resultsAlbum } from './search-results.js';
import { state } from './state.js';
import { closeViewer, isViewerOpen, openViewer } from './viewer.js';

const holder = byId('search');
// How many results are looked through for the item a URL names (`i=`).
const MOST_CHUNKS_FOR_AN_ITEM = 10;
const FILTER_LABELS = {
  album: 'Album',
  year: 'Year',
  month: 'Month',
  camera: 'Camera',
  lens: 'Lens',
  keyword: 'Keyword',
  rating: 'Rating',
  kind: 'Kind',
};
const KIND_LABELS = { image: 'Photos', video: 'Videos', live: 'Live photos', raw: 'RAW photos', custom: 'Other items' };

const ui = holder ? buildForm(holder) : null;
// The results shown: { key, text, filters, search (the `asked` that showed them), countsShown
// (their filters' counts are in), album }.
let shown = null;
// The search asked for last, and whether Enter waits for its results to open the first. Typing
// searches at once; a search typed over stops at its next step (search.js), and is not drawn.
let asked = 0;
let openFirstWanted = false;
// The filters' counts of the results shown, and which selects hold all their choices.
let counted = { counts: {}, filters: {} };
const filledWhole = {};

function buildForm(parent) {
  // Not a <form>: the page submits nothing (its policy says form-action 'none').
  const form = make('div', 'search-form', parent);
  form.setAttribute('role', 'search');
  const label = make('label', 'search-label', form);
  label.htmlFor = 'search-box';
  label.textContent = 'Search';
  const box = make('input', 'search-box', form);
  box.id = 'search-box';
  box.type = 'search';
  box.name = 'q';
  box.spellcheck = false;
  box.placeholder = 'Search (press /)';
  box.setAttribute('aria-keyshortcuts', '/');
  const count = make('p', 'search-count', form);
  count.id = 'search-count';
  count.setAttribute('role', 'status');
  const fieldset = make('fieldset', 'search-filters', form);
  fieldset.hidden = true;
  make('legend', null, fieldset).textContent = 'Filters';
  const selects = {};
  for (const name of FILTER_NAMES) {
    const wrapper = make('div', 'search-filter', fieldset);
    const title = make('label', null, wrapper);
    title.htmlFor = `search-${name}`;
    title.textContent = FILTER_LABELS[name];
    const select = make('select', null, wrapper);
    select.id = `search-${name}`;
    select.name = name;
    select.addEventListener('change', searchNow);
    select.addEventListener('focus', () => {
      if (!filledWhole[name]) fillSelect(name, true);
    });
    selects[name] = { wrapper, select };
  }
  box.addEventListener('input', searchNow);
  box.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || event.isComposing) return;
    event.preventDefault();
    openFirstWanted = true;
    searchNow();
    openFirst();
  });
  return { form, box, count, fieldset, selects };
}

function chosenFilters() {
  const filters = {};
  for (const name of FILTER_NAMES) if (ui.selects[name].select.value) filters[name] = ui.selects[name].select.value;
  return filters;
}

const keyOf = (text, filters) => JSON.stringify([text, filters]);

// The box's text and the filters chosen as the view's URL: in place of a search shown (each
// keystroke is not a step of history), else a new entry.
function searchNow() {
  const hash = searchHash(ui.box.value, chosenFilters());
  if (location.hash !== hash) navigate(hash, parseRoute(location.hash).kind === 'search');
}

// Enter: the first result, once the results of what was typed are in.
function openFirst() {
  if (!openFirstWanted || !shown || shown.key !== keyOf(ui.box.value, chosenFilters())) return;
  openFirstWanted = false;
  const album = shown.album;
  if (album.count) ensureChunk(album, 0, () => openItem(album, 0, null));
}

// Shows the search `params` names (a URL's): `show(album, scroll)` shows the results as the
// navigation shows an album.
export function routeSearch(params, scroll, show) {
  if (!ui) {
    show(state.albumsByID[''], scroll);
    return;
  }
  const text = params.get('q') || '';
  const filters = filtersFrom(params);
  const itemID = params.get('i');
  document.body.classList.add('searching');
  ui.fieldset.hidden = false;
  if (document.activeElement !== ui.box) ui.box.value = text;
  const key = keyOf(text, filters);
  if (shown && shown.key === key && (shown.countsShown || shown.search === asked)) {
    // The results shown again (Back, the viewer): a search still running for other text is
    // dropped, and the one still counting these goes on.
    if (shown.countsShown) asked += 1;
    present(shown.album, scroll, itemID, show);
    return;
  }
  const mine = ++asked;
  const stale = () => mine !== asked;
  // The results are shown as soon as they are ranked, their first records asked for; the
  // filters' counts follow (the fieldset is busy meanwhile): counting can wait for pieces.
  const ranked = (answer) => {
    if (answer.numbers) prefetchRecords(state.pieces, answer.numbers, answer.index.recordBlock, stale);
    shown = { key, text, filters, search: mine, countsShown: false, album: resultsOf(text, filters, answer) };
    ui.count.textContent = countText(answer.numbers, text);
    ui.fieldset.setAttribute('aria-busy', 'true');
    present(shown.album, scroll, itemID, show);
    openFirst();
  };
  runSearch(
    state.pieces,
    { text, filters },
    state.albumsByID,
    (answer) => {
      if (mine !== asked) return;
      if (!answer) {
        show(state.albumsByID[''], scroll);
        say('This gallery has no search index.');
        return;
      }
      shown.countsShown = true;
      ui.fieldset.removeAttribute('aria-busy');
      fillFilters(answer.counts, filters);
    },
    { stale, ranked },
  );
}

// Leaves the search's view (an album or an item shown): its filters and count go.
export function leaveSearch() {
  if (!ui) return;
  // A search still running answers for a view left: it is dropped.
  asked += 1;
  document.body.classList.remove('searching');
  ui.fieldset.hidden = true;
  ui.fieldset.removeAttribute('aria-busy');
  ui.count.textContent = '';
  if (document.activeElement !== ui.box) ui.box.value = '';
}

function resultsOf(text, filters, answer) {
  const numbers = answer.numbers || [];
  const album = resultsAlbum(numbers, {
    recordBlock: answer.index.recordBlock,
    title: text ? `Search: ${text}` : 'Search',
    links: { view: searchHash(text, filters), item: (id) => searchHash(text, filters, id) },
    lookup: { store: state.pieces, findItem, ensureItems, itemAt, isShown: (album) => state.shownAlbum === album },
  });
  if (!answer.numbers) album.emptyText = 'Type a word or choose a filter.';
  else album.emptyText = text ? `Nothing found for \u201c${text}\u201d.` : 'Nothing has all the filters chosen.';
  return album;
}

function countText(numbers, text) {
  if (!numbers) return 'Type a word or choose a filter.';
  const results = numbers.length === 1 ? '1 result' : `${numbers.length} results`;
  return text ? `${results} for \u201c${text}\u201d` : `${results} for the filters chosen`;
}

// The results, and the viewer on item `itemID` among them (a link to it), or closed.
function present(album, scroll, itemID, show) {
  if (!itemID) {
    closeViewer();
    show(album, scroll);
    return;
  }
  show(album, scroll);
  if (isViewerOpen() && state.viewerAlbum === album && state.shownItem && state.shownItem.id === itemID) return;
  findResult(album, itemID, 0, (position) => {
    if (album !== state.shownAlbum) return;
    // Not among the first results: the item in its album.
    if (position === null) navigate(itemHash(itemID), true);
    else ensureItems(album, [position], () => openViewer(album, position, null));
  });
}

// The position of item `id` among the results, looked for chunk by chunk from `chunk`; null.
function findResult(album, id, chunk, callback) {
  if (chunk >= MOST_CHUNKS_FOR_AN_ITEM || chunk * RESULTS_CHUNK >= album.count) {
    callback(null);
    return;
  }
  ensureChunk(album, chunk, () => {
    const end = Math.min(album.count, (chunk + 1) * RESULTS_CHUNK);
    for (let position = chunk * RESULTS_CHUNK; position < end; position++) {
      if (itemAt(album, position)?.id === id) {
        callback(position);
        return;
      }
    }
    findResult(album, id, chunk + 1, callback);
  });
}

function choiceLabel(name, value) {
  if (name === 'album') {
    const album = state.albumsByID[value];
    if (!album) return value;
    const chain = albumChain(album, state.albumsByID).filter((each) => each.id);
    return chain.map((each) => albumLabel(each, state.gallery.title)).join(' \u203a ');
  }
  if (name === 'rating') return value === '1' ? '1 star or more' : `${value} stars or more`;
  if (name === 'kind') return KIND_LABELS[value] || value;
  return value;
}

// Each filter's choices with their counts, as the last search counted them; a filter with none
// (and none chosen) is hidden. A select holds every choice only from when it gets the focus (a
// pointer on it gives it the focus before it opens) until the next search; closed, it holds "Any"
// and the value chosen: a gallery's thousands of keywords and albums as options, remade by each
// search, cost every keystroke a style pass over them and the renderer their nodes.
function fillFilters(counts, filters) {
  counted = { counts, filters };
  for (const name of FILTER_NAMES) {
    ui.selects[name].wrapper.hidden = !fillSelect(name, document.activeElement === ui.selects[name].select);
  }
}

function choicesOf(name) {
  const entries = (counted.counts[name] || []).slice();
  const chosen = counted.filters[name] || '';
  if (chosen && !entries.some(([value]) => value === chosen)) entries.unshift([chosen, 0]);
  return entries;
}

// A select's options: every choice (`whole`), or the one chosen alone; how many choices it has.
function fillSelect(name, whole) {
  const { select } = ui.selects[name];
  const chosen = counted.filters[name] || '';
  const choices = choicesOf(name);
  select.textContent = '';
  const any = make('option', null, select);
  any.value = '';
  any.textContent = 'Any';
  for (const [value, count] of choices) {
    if (!whole && value !== chosen) continue;
    const option = make('option', null, select);
    option.value = value;
    option.textContent = `${choiceLabel(name, value)} (${count})`;
  }
  select.value = chosen;
  filledWhole[name] = whole;
  return choices.length;
}

// `/` puts the focus in the search box (not while typing elsewhere, nor in the viewer).
if (ui) {
  document.addEventListener('keydown', (event) => {
    if (event.key !== '/' || event.altKey || event.ctrlKey || event.metaKey || isViewerOpen()) return;
    const target = event.target;
    if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return;
    event.preventDefault();
    ui.box.focus();
    ui.box.select();
  });
}
