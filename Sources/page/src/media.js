// Videos and moving pictures in the viewer: the current page's video plays the first of its
// files the browser can play; a neighbour shows only its poster.
import { make } from './dom.js';
import { describe, renditionSet, siteURL } from './items.js';
import { layoutPage } from './stage.js';

// The words shown when the browser can play none of a video's files.
export function unplayableText(files) {
  return `This browser cannot play this video (${files.map((file) => file.type).join(', ')}).`;
}

// Starts or stops what moves on `page` as it becomes the current page or leaves it. When the
// browser says it can play none of a video's files (canPlayType), the viewer says so rather
// than play sound over a still.
export function activatePage(page, active) {
  if (page.item.motion) activateMotion(page, active);
  if (page.item.kind !== 'video') return;
  const files = page.item.videos || [];
  if (active && files.length && !page.video && !page.unplayable) {
    const video = make('video', 'video', page.stage);
    if (!addSources(video, files)) {
      video.remove();
      page.unplayable = make('p', 'unplayable', page.stage);
      page.unplayable.setAttribute('role', 'status');
      page.unplayable.textContent = unplayableText(files);
      return;
    }
    video.controls = true;
    video.playsInline = true;
    video.preload = 'metadata';
    const set = renditionSet(page.item);
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
  const playable = files.filter((file) => !file.type || video.canPlayType(file.type) !== '');
  for (const file of playable) {
    const source = document.createElement('source');
    source.src = siteURL(file.path);
    if (file.type) source.type = file.type;
    video.appendChild(source);
  }
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
      page.motion = null;
      page.motionControl = null;
    }
    return;
  }
  if (page.motion) return;
  const video = document.createElement('video');
  if (!addSources(video, page.item.motion)) return;
  video.className = 'motion';
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  video.hidden = true;
  video.setAttribute('aria-hidden', 'true');
  page.stage.appendChild(video);
  const control = make('button', 'motion-control', page.element);
  control.type = 'button';
  control.textContent = 'Live';
  control.setAttribute('aria-pressed', 'false');
  control.setAttribute('aria-label', 'Play the moving picture');
  page.motion = video;
  page.motionControl = control;
  let held = false;
  const play = () => {
    video.hidden = false;
    control.setAttribute('aria-pressed', 'true');
    video.currentTime = 0;
    const started = video.play();
    if (started?.catch) started.catch(() => {});
  };
  const stop = () => {
    video.pause();
    video.hidden = true;
    control.setAttribute('aria-pressed', 'false');
  };
  video.addEventListener('ended', stop);
  control.addEventListener('click', () => (video.hidden ? play() : stop()));
  page.stage.addEventListener('pointerenter', (event) => {
    if (event.pointerType === 'mouse') play();
  });
  page.stage.addEventListener('pointerleave', (event) => {
    if (event.pointerType === 'mouse' && !held) stop();
  });
  page.stage.addEventListener('pointerdown', (event) => {
    if (event.pointerType === 'mouse') return;
    held = true;
    play();
  });
  for (const name of ['pointerup', 'pointercancel']) {
    page.stage.addEventListener(name, (event) => {
      if (event.pointerType === 'mouse' || !held) return;
      held = false;
      stop();
    });
  }
  layoutPage(page);
}

// A page leaves the current slot: its video and any word about it go.
export function retirePage(page) {
  if (page.unplayable) {
    page.unplayable.remove();
    page.unplayable = null;
  }
  if (page.video) {
    unloadVideo(page.video);
    page.video = null;
  }
}
