/// The gallery page's script: the viewer, over one album's items. Pages sit on a strip, the gap
/// between them, across (horizontal) or down (vertical); only the current page and its
/// neighbours exist, their chunk loaded when a step reaches it.
extension PageScript {
    static let viewer = #"""
var viewer = document.getElementById('viewer');
var strip = viewer.querySelector('.strip');
var counter = viewer.querySelector('.counter');
var closeButton = viewer.querySelector('.close');
var prevButton = viewer.querySelector('.prev');
var nextButton = viewer.querySelector('.next');
var current = -1, viewerAlbum = null, openerPosition = null, pages = [], viewSize = { width: 0, height: 0 };
var count = 0;

// Opens item `position` of `album` (loaded); `from`, the cell it was opened from, gets the
// focus back when the viewer closes.
function openViewer(album, position, from) {
  viewerAlbum = album;
  count = album.count;
  openerPosition = from ? position : null;
  viewer.hidden = false;
  document.body.classList.add('viewing');
  measureViewer();
  pages.forEach(function (page) { retirePage(page); page.element.remove(); });
  pages = [];
  show(position, 0);
  viewer.focus();
}

// Closes the viewer; the focus goes back to the cell it was opened from, or (opened by a link)
// to the cell of the item shown, scrolled to.
function closeViewer() {
  if (viewer.hidden) return;
  var last = current;
  viewer.hidden = true;
  document.body.classList.remove('viewing');
  pages.forEach(function (page) { retirePage(page); page.element.remove(); });
  pages = [];
  current = -1;
  showInfo(false);
  if (viewerAlbum === shownAlbum && last >= 0) {
    var cell = cellAt(openerPosition !== null ? openerPosition : last);
    if (cell) cell.focus({ preventScroll: openerPosition !== null });
  }
}

function measureViewer() {
  viewSize = { width: viewer.clientWidth || window.innerWidth, height: viewer.clientHeight || window.innerHeight };
}

function pageStep() { return (vertical ? viewSize.height : viewSize.width) + gap; }

function setStrip(offset, animated) {
  strip.classList.toggle('moving', !!animated);
  strip.style.transform = vertical ? 'translate3d(0,' + offset + 'px,0)' : 'translate3d(' + offset + 'px,0,0)';
}

// Shows item `index` once it and its neighbours are loaded; `delta` (the step taken, -1 or 1)
// slides the strip in from that side.
function show(index, delta) {
  var album = viewerAlbum;
  ensureItems(album, [stepFrom(index, -1, count), index, stepFrom(index, 1, count)], function () {
    if (album === viewerAlbum && !viewer.hidden) showLoaded(index, delta);
  });
  // The next chunk asked for before a step needs it.
  var ahead = stepFrom(index, 8 * (delta || 1), count);
  if (ahead !== null) ensureItems(album, [ahead], function () {});
}

function showLoaded(index, delta) {
  var wanted = [[-1, stepFrom(index, -1)], [0, index], [1, stepFrom(index, 1)]];
  if (count === 1 || (count === 2 && cyclic)) wanted = [[0, index]].concat(count === 2 ? [[1, stepFrom(index, 1)]] : []);
  var kept = [];
  wanted.forEach(function (pair) {
    if (pair[1] === null) return;
    var page = null;
    for (var i = 0; i < pages.length; i++) if (pages[i].index === pair[1] && kept.indexOf(pages[i]) < 0) page = pages[i];
    page = page || makePage(pair[1]);
    page.slot = pair[0];
    kept.push(page);
  });
  pages.forEach(function (page) { if (kept.indexOf(page) < 0) { retirePage(page); page.element.remove(); } });
  pages = kept;
  current = index;
  pages.forEach(function (page) { placePage(page); activatePage(page, page.slot === 0); });
  var item = itemAt(viewerAlbum, index);
  counter.textContent = typeof item.position === 'string' && item.position ? item.position : (index + 1) + ' of ' + count;
  prevButton.disabled = stepFrom(index, -1, count) === null;
  nextButton.disabled = stepFrom(index, 1, count) === null;
  itemShown(item);
  if (delta) {
    setStrip(delta * pageStep(), false);
    void strip.offsetWidth;  // start the slide from there
    setStrip(0, true);
  } else {
    setStrip(0, false);
  }
}

function go(delta) {
  var target = current < 0 ? null : stepFrom(current, delta, count);
  if (target === null) {
    setStrip(0, true);
    return false;
  }
  show(target, delta);
  return true;
}

function placePage(page) {
  var offset = page.slot * pageStep();
  page.element.style.width = viewSize.width + 'px';
  page.element.style.height = viewSize.height + 'px';
  page.element.style.transform = vertical ? 'translate3d(0,' + offset + 'px,0)' : 'translate3d(' + offset + 'px,0,0)';
  page.element.setAttribute('data-slot', String(page.slot));
  page.element.setAttribute('aria-hidden', page.slot === 0 ? 'false' : 'true');
  layoutPage(page);
}

function makePage(index) {
  var item = itemAt(viewerAlbum, index);
  var element = make('figure', 'page', strip);
  element.setAttribute('data-index', String(index));
  var stage = make('div', 'stage', element);
  var page = { index: index, item: item, element: element, stage: stage, slot: 0, view: { scale: 1, x: 0, y: 0 },
    picture: null, video: null, tiles: null };
  var placeholder = ThumbHash.canvas(item, 'placeholder');
  if (placeholder) { stage.appendChild(placeholder); page.placeholder = placeholder; }
  var set = renditionSet(item);
  if (set) {
    var picture = make('img', 'picture', stage);
    picture.alt = describe(item);
    picture.decoding = 'async';
    picture.draggable = false;
    picture.sizes = '100vw';
    picture.srcset = set.srcset;
    picture.src = set.largest;
    page.picture = picture;
  }
  if (hasDeepZoom(item)) page.tiles = make('div', 'tiles', stage);
  var caption = make('figcaption', null, element);
  if (typeof item.title === 'string' && item.title) make('h2', null, caption).textContent = item.title;
  renderCaption(item.caption, caption);
  return page;
}

// The current page's video plays the first of its files the browser can play; a neighbour
// shows only its poster. When the browser says it can play none of them (canPlayType), the
// viewer says so rather than play sound over a still.
function activatePage(page, active) {
  if (page.item.motion) activateMotion(page, active);
  if (page.item.kind !== 'video') return;
  var files = page.item.videos || [];
  if (active && files.length && !page.video && !page.unplayable) {
    var video = make('video', 'video', page.stage);
    if (!addSources(video, files)) {
      video.remove();
      page.unplayable = make('p', 'unplayable', page.stage);
      page.unplayable.setAttribute('role', 'status');
      page.unplayable.textContent = 'This browser cannot play this video (' + files.map(function (file) { return file.type; }).join(', ') + ').';
      return;
    }
    video.controls = true;
    video.playsInline = true;
    video.preload = 'metadata';
    var set = renditionSet(page.item);
    if (set) video.poster = set.largest;
    video.setAttribute('aria-label', describe(page.item));
    page.video = video;
    layoutPage(page);
  } else if (!active) {
    retirePage(page);
  }
}

// Gives `video` a <source> for each of `files` the browser says it may play (canPlayType);
// how many it gave.
function addSources(video, files) {
  var playable = files.filter(function (file) { return !file.type || video.canPlayType(file.type) !== ''; });
  playable.forEach(function (file) {
    var source = document.createElement('source');
    source.src = siteURL(file.path);
    if (file.type) source.type = file.type;
    video.appendChild(source);
  });
  return playable.length;
}

// Stops a video and takes it out, its sources removed first so that the browser lets go of
// the file and the memory its decoder holds.
function unloadVideo(video) {
  video.pause();
  while (video.firstChild) video.removeChild(video.firstChild);
  video.load();
  video.remove();
}

// A Live Photo's or Motion Photo's clip plays over its still, muted, while the picture is
// pressed or hovered, or from the page's motion control; it is loaded only on the current page.
function activateMotion(page, active) {
  if (!active) {
    if (page.motion) {
      unloadVideo(page.motion);
      page.motionControl.remove();
      page.motion = page.motionControl = null;
    }
    return;
  }
  if (page.motion) return;
  var video = document.createElement('video');
  if (!addSources(video, page.item.motion)) return;
  video.className = 'motion';
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  video.hidden = true;
  video.setAttribute('aria-hidden', 'true');
  page.stage.appendChild(video);
  var control = make('button', 'motion-control', page.element);
  control.type = 'button';
  control.textContent = 'Live';
  control.setAttribute('aria-pressed', 'false');
  control.setAttribute('aria-label', 'Play the moving picture');
  page.motion = video;
  page.motionControl = control;
  var held = false;
  function play() {
    video.hidden = false;
    control.setAttribute('aria-pressed', 'true');
    video.currentTime = 0;
    var started = video.play();
    if (started && started.catch) started.catch(function () {});
  }
  function stop() {
    video.pause();
    video.hidden = true;
    control.setAttribute('aria-pressed', 'false');
  }
  video.addEventListener('ended', stop);
  control.addEventListener('click', function () { if (video.hidden) play(); else stop(); });
  page.stage.addEventListener('pointerenter', function (event) { if (event.pointerType === 'mouse') play(); });
  page.stage.addEventListener('pointerleave', function (event) { if (event.pointerType === 'mouse' && !held) stop(); });
  page.stage.addEventListener('pointerdown', function (event) {
    if (event.pointerType === 'mouse') return;
    held = true;
    play();
  });
  ['pointerup', 'pointercancel'].forEach(function (name) {
    page.stage.addEventListener(name, function (event) {
      if (event.pointerType === 'mouse' || !held) return;
      held = false;
      stop();
    });
  });
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

function currentPage() {
  for (var i = 0; i < pages.length; i++) if (pages[i].slot === 0) return pages[i];
  return null;
}

prevButton.addEventListener('click', function () { go(-1); });
nextButton.addEventListener('click', function () { go(1); });
closeButton.addEventListener('click', leaveViewer);

document.addEventListener('keydown', function (event) {
  if (viewer.hidden || event.altKey || event.ctrlKey || event.metaKey) return;
  var inVideo = event.target && event.target.tagName === 'VIDEO';
  switch (event.key) {
    case 'Escape': if (infoShown()) showInfo(false); else leaveViewer(); break;
    case 'i': case 'I': showInfo(!infoShown()); break;
    case 'ArrowRight': case 'ArrowDown': case 'PageDown': if (inVideo) return; go(1); break;
    case 'ArrowLeft': case 'ArrowUp': case 'PageUp': if (inVideo) return; go(-1); break;
    case '+': case '=': zoomToward(currentPage(), 'in'); break;
    case '-': zoomToward(currentPage(), 'out'); break;
    case 'Tab': keepFocusInside(event); return;
    default: return;
  }
  event.preventDefault();
});

// A modal dialog: Tab goes round the viewer's own controls.
function keepFocusInside(event) {
  var focusable = Array.prototype.filter.call(viewer.querySelectorAll('button, a[href], video[controls]'), function (element) {
    return !element.disabled && element.getClientRects().length && !element.closest('[aria-hidden="true"]');
  });
  if (!focusable.length) return;
  var first = focusable[0], last = focusable[focusable.length - 1];
  if (event.shiftKey && (document.activeElement === first || document.activeElement === viewer)) {
    last.focus();
    event.preventDefault();
  } else if (!event.shiftKey && document.activeElement === last) {
    first.focus();
    event.preventDefault();
  }
}

window.addEventListener('resize', function () {
  layoutGrid();
  queueRender();
  if (viewer.hidden) return;
  measureViewer();
  pages.forEach(placePage);
});

"""#
}
